import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTransactionPin } from '../../src/modules/credentials/transaction-pin';
import { addSubAccount, loginWith } from '../account/helpers';
import { testDatabases } from '../helpers/databases';
import {
  createTestApp,
  DEMO_PASSWORD,
  type Envelope,
  TEST_KEY,
  type TestApp,
  type TestClient,
} from '../helpers/test-app';
import {
  bankInquiry,
  expectConsistent,
  fundAgent,
  ledgerBalance,
  offsetToWib,
  prepare,
  withdrawOtpOf,
} from '../withdraw/factory';

/**
 * Parallel limits: every budget of guesses holds however the guesses arrive. Requests
 * are fired together with Promise.all; a guess that was compared answers "wrong" (rc 01), one that
 * was refused before any comparison answers 429. So the number of "wrong" answers is the number of
 * comparisons the server made.
 */

const WRONG_LOGIN = 'Wrong username or password.';
const parallel = <T>(n: number, run: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => run(i)));
const count = (answers: Envelope[], rc: string) => answers.filter((a) => a.rc === rc).length;

let ipCounter = 0;
/** A fresh client from its own address, so the per-address throttle of one test cannot leak. */
function freshClient(t: TestApp, lang: 'id' | 'en' = 'en'): TestClient {
  ipCounter += 1;
  return t.client({ lang, ip: `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` });
}

describe.each(testDatabases())('parallel limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // 10:00 WIB: withdrawals are open (outside the banks' night window and the cut-off).
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (c: TestClient, username: string, password: string) =>
    c.post('/auth/login', { username, password, captcha: TEST_KEY });

  describe('login', () => {
    it('41 parallel wrong passwords for one account: at most 10 compared, then even the right one is refused', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      const answers = await parallel(41, () => login(freshClient(t), sub.email, 'wrong-password'));
      expect(count(answers, '01')).toBeLessThanOrEqual(10);
      expect(count(answers, '01') + count(answers, '429')).toBe(41);
      expect(answers.filter((a) => a.rc === '01').every((a) => a.rd === WRONG_LOGIN)).toBe(true);
      const right = await login(freshClient(t), sub.email, sub.password);
      expect(right.rc).toBe('429');
      expect(right.rd).toMatch(/locked/);
      // Half an hour later the account opens again.
      t.clock.advance(31 * 60_000);
      expect((await login(freshClient(t), sub.email, sub.password)).rc).toBe('00');
    });

    it('a right password in the burst does not reset the count: still at most 10 wrong ones compared', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      // Nine wrong guesses first, one by one; then a login of the owner amid 30 more guesses.
      for (let i = 0; i < 9; i++) {
        expect((await login(freshClient(t), sub.email, `wrong-${i}`)).rd).toBe(WRONG_LOGIN);
      }
      const answers = await parallel(31, (i) =>
        i === 0
          ? login(freshClient(t), sub.email, sub.password)
          : login(freshClient(t), sub.email, `wrong-burst-${i}`),
      );
      const wrongCompared = answers.slice(1).filter((a) => a.rc === '01').length;
      expect(9 + wrongCompared).toBeLessThanOrEqual(10);
      // Locked exactly when the tenth failure was compared (the owner's try may have taken it).
      const after = await login(freshClient(t), sub.email, sub.password);
      expect(after.rc).toBe(9 + wrongCompared >= 10 ? '429' : '00');
      t.clock.advance(31 * 60_000);
    });

    it('a success between failures does not wipe them: the tenth failure within 30 minutes locks', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      for (let i = 0; i < 9; i++) await login(freshClient(t), sub.email, `wrong-${i}`);
      expect((await login(freshClient(t), sub.email, sub.password)).rc).toBe('00');
      expect((await login(freshClient(t), sub.email, 'wrong-10')).rd).toBe(WRONG_LOGIN);
      expect((await login(freshClient(t), sub.email, sub.password)).rc).toBe('429');
      t.clock.advance(31 * 60_000);
    });

    it('one address gets at most 100 compared guesses in 15 minutes, however many arrive at once', async () => {
      const c = freshClient(t);
      const answers = await parallel(130, (i) =>
        login(c, `nobody-${i}@ip-throttle.test`, 'wrong-password'),
      );
      expect(count(answers, '01')).toBeLessThanOrEqual(100);
      expect(count(answers, '01') + count(answers, '429')).toBe(130);
      const after = await login(c, 'partner@demo.id', DEMO_PASSWORD);
      expect(after.rc).toBe('429');
      expect(after.rd).toBe('Too many login attempts from this address. Try again later.');
      t.clock.advance(16 * 60_000);
    });

    it('answers a registered and an unknown e-mail alike after 10 failures (no enumeration)', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      const unknown = `nobody.${Date.now()}@contoh.co.id`;
      for (const username of [sub.email, unknown]) {
        for (let i = 0; i < 10; i++) {
          expect((await login(freshClient(t), username, `wrong-${i}`)).rd).toBe(WRONG_LOGIN);
        }
      }
      const known = await login(freshClient(t), sub.email, 'wrong-again');
      const unknownAnswer = await login(freshClient(t), unknown, 'wrong-again');
      expect(known.rc).toBe('429');
      expect({ rc: unknownAnswer.rc, rd: unknownAnswer.rd, status: unknownAnswer.status }).toEqual({
        rc: known.rc,
        rd: known.rd,
        status: known.status,
      });
      // Same in a burst: an unknown name is compared at most 10 times too.
      const other = `nobody.burst.${Date.now()}@contoh.co.id`;
      const burst = await parallel(25, () => login(freshClient(t), other, 'wrong-password'));
      expect(count(burst, '01')).toBeLessThanOrEqual(10);
      t.clock.advance(31 * 60_000);
    });
  });

  describe('own password', () => {
    it('30 parallel wrong cashout_inquiry passwords: at most 5 compared, then the right one is refused', async () => {
      const c = await t.loginAs('partner@demo.id', { lang: 'en' });
      await fundAgent(t, 'partner@demo.id', 5_000_000);
      const answers = await parallel(30, (i) =>
        c.post('/transaction/cashout_inquiry', bankInquiry({ password: `wrong-${i}` })),
      );
      expect(count(answers, '01')).toBeLessThanOrEqual(5);
      expect(count(answers, '01') + count(answers, '429')).toBe(30);
      const failures = await t.services.db
        .selectFrom('audit_log')
        .select('id')
        .where('username', '=', 'partner@demo.id')
        .where('action', '=', 'own_password_failure')
        .execute();
      expect(failures.length).toBeLessThanOrEqual(5);
      const right = await c.post('/transaction/cashout_inquiry', bankInquiry());
      expect(right.rc).toBe('429');
      t.clock.advance(16 * 60_000);
      expect((await c.post('/transaction/cashout_inquiry', bankInquiry())).rc).toBe('00');
    });

    it('parallel change-password guesses with the right one among them: at most 5 wrong compared', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      const c = await loginWith(t, sub.email, sub.password, 'en');
      const change = (userpw: string) =>
        c.post('/data/account_change_pass', {
          userpw,
          newaccountpw: 'Rendang-Sapi#2026',
          confirmaccountpw: 'Rendang-Sapi#2026',
        });
      for (let i = 0; i < 4; i++) expect((await change(`wrong-${i}`)).rc).toBe('01');
      const answers = await parallel(20, (i) => change(`wrong-burst-${i}`));
      expect(4 + count(answers, '01')).toBeLessThanOrEqual(5);
      expect((await change(sub.password)).rc).toBe('429');
      t.clock.advance(16 * 60_000);
    });
  });

  describe('right secrets sent together', () => {
    it('the right transaction PIN 12 times at once: every one passes, none answers 429', async () => {
      const partner = await t.services.db
        .selectFrom('users')
        .innerJoin('agents', 'agents.id', 'users.agent_id')
        .select(['users.id as userId', 'agents.id as agentId'])
        .where('users.username', '=', 'partner@demo.id')
        .executeTakeFirstOrThrow();
      const ctx = {
        services: t.services,
        auth: {
          user: { id: partner.userId, username: 'partner@demo.id' },
          agent: { id: partner.agentId },
          environment: 'production',
        },
        ip: '10.8.0.1',
        userAgent: 'test',
      } as unknown as Parameters<typeof requireTransactionPin>[0];
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => requireTransactionPin(ctx, '123456', 'parallel_test')),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      // Wrong PINs are still bounded: five compared, then 429, even for the right one.
      const wrong = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          requireTransactionPin(ctx, `00000${i}`, 'parallel_test'),
        ),
      );
      const rcs = wrong.map((r) => (r.status === 'rejected' ? String(r.reason.rc) : '00'));
      expect(rcs.filter((rc) => rc === '01').length).toBeLessThanOrEqual(5);
      expect(rcs.filter((rc) => rc === '01' || rc === '429')).toHaveLength(8);
      await expect(requireTransactionPin(ctx, '123456', 'parallel_test')).rejects.toMatchObject({
        rc: '429',
      });
      t.clock.advance(16 * 60_000);
    });

    it('the right own password 12 times at once on cashout_inquiry: none answers 429', async () => {
      const c = await t.loginAs('partner@demo.id', { lang: 'en' });
      await fundAgent(t, 'partner@demo.id', 5_000_000);
      const answers = await parallel(12, () =>
        c.post('/transaction/cashout_inquiry', bankInquiry()),
      );
      expect(answers.map((a) => a.rc)).toEqual(Array(12).fill('00'));
    });
  });

  describe('withdraw payment', () => {
    let c: TestClient;
    beforeAll(async () => {
      c = await t.loginAs('partner@demo.id', { lang: 'en' });
      await fundAgent(t, 'partner@demo.id', 10_000_000);
    });

    it('20 identical payments at once: every one gets the first receipt, money moves once', async () => {
      const paid = await prepare(c, bankInquiry({ nominal: 275_000 }));
      const before = await ledgerBalance(t, 'partner@demo.id');
      const answers = await parallel(20, () =>
        c.post('/transaction/cashout_payment', paid.payment),
      );
      for (const answer of answers) expect(answer.rc, answer.rd).toBe('00');
      for (const answer of answers.slice(1)) {
        expect({ rd: answer.rd, data: answer.data }).toEqual({
          rd: answers[0]!.rd,
          data: answers[0]!.data,
        });
      }
      expect(await ledgerBalance(t, 'partner@demo.id')).toBe(
        before - 275_000 - answers[0]!.data.nominal_admin,
      );
      const rows = await t.services.db
        .selectFrom('transactions')
        .select('id')
        .where('id_transaksi', '=', paid.inquiry.idtransaksi)
        .execute();
      expect(rows).toHaveLength(1);
      await expectConsistent(t, c);
    });

    it('20 parallel OTP guesses (wrong ones and the right one): at most 5 compared, no money moves after the lock', async () => {
      const paid = await prepare(c, bankInquiry({ nominal: 125_000 }));
      const wrong = paid.otp === '000000' ? '000001' : '000000';
      const before = await ledgerBalance(t, 'partner@demo.id');
      const answers = await parallel(20, () =>
        c.post('/transaction/cashout_payment', { ...paid.payment, pin: wrong }),
      );
      expect(answers.filter((a) => /^Wrong OTP\./.test(a.rd)).length).toBeLessThanOrEqual(4);
      const otp = await withdrawOtpOf(t, paid.inquiry.idtransaksi);
      expect(otp.wrong_tries).toBe(5);
      const right = await c.post('/transaction/cashout_payment', paid.payment);
      expect(right.rd).toBe('Too many wrong OTP attempts. Please check again to get a new OTP.');
      expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before);
      await expectConsistent(t, c);
    });
  });

  describe('password reset', () => {
    const mailsTo = async (to: string) => {
      const rows = await t.services.db
        .selectFrom('mail_outbox')
        .select('body_text')
        .where('to_address', '=', to)
        .where('kind', '=', 'password_reset')
        .orderBy('id', 'asc')
        .execute();
      return rows.map((row) => /token=([\w-]+)/.exec(row.body_text)?.[1] ?? '');
    };
    const confirm = (token: string, password: string) =>
      freshClient(t).post('/auth/reset_password/confirm', {
        token,
        password,
        confirmation: password,
      });

    it('a new link revokes the older ones, and using a link revokes every other', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      const ask = () =>
        freshClient(t).post('/auth/reset_password', { email: sub.email, captcha: TEST_KEY });
      expect((await ask()).rc).toBe('00');
      expect((await ask()).rc).toBe('00');
      const [first, second] = await mailsTo(sub.email);
      expect(first && second).toBeTruthy();
      expect((await confirm(first!, 'Nasi-Goreng#2026')).rc).not.toBe('00');
      // Two links outstanding at once (a third request later): the one used revokes the other.
      t.clock.advance(61 * 60_000);
      expect((await ask()).rc).toBe('00');
      const third = (await mailsTo(sub.email))[2]!;
      await t.services.db
        .insertInto('password_resets')
        .values({
          user_id: sub.id,
          token_hash: 'stand-in-for-a-parallel-link',
          expires_at: new Date(t.clock.now.getTime() + 30 * 60_000),
        })
        .execute();
      expect((await confirm(third, 'Nasi-Goreng#2026')).rc).toBe('00');
      const open = await t.services.db
        .selectFrom('password_resets')
        .select('id')
        .where('user_id', '=', sub.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      expect(open).toHaveLength(0);
    });

    it('mails at most 3 links per account per hour, even when asked 10 times at once; the answer never changes', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      const answers = await parallel(10, () =>
        freshClient(t).post('/auth/reset_password', { email: sub.email, captcha: TEST_KEY }),
      );
      const unknown = await freshClient(t).post('/auth/reset_password', {
        email: 'nobody.reset@contoh.co.id',
        captcha: TEST_KEY,
      });
      for (const answer of answers) {
        expect({ rc: answer.rc, rd: answer.rd }).toEqual({ rc: unknown.rc, rd: unknown.rd });
      }
      expect(await mailsTo(sub.email)).toHaveLength(3);
      t.clock.advance(61 * 60_000);
      await freshClient(t).post('/auth/reset_password', { email: sub.email, captcha: TEST_KEY });
      expect(await mailsTo(sub.email)).toHaveLength(4);
    });

    it('mails at most 10 links per address per hour, whatever the e-mails', async () => {
      const c = freshClient(t);
      const partner = await t.loginAs('partner@demo.id');
      const subs = await Promise.all(Array.from({ length: 4 }, () => addSubAccount(t, partner)));
      const answers = await parallel(16, (i) =>
        c.post('/auth/reset_password', { email: subs[i % 4]!.email, captcha: TEST_KEY }),
      );
      let mails = 0;
      for (const sub of subs) mails += (await mailsTo(sub.email)).length;
      expect(mails).toBeLessThanOrEqual(10);
      expect(count(answers, '429')).toBeGreaterThanOrEqual(6);
      expect(
        answers
          .filter((a) => a.rc === '429')
          .every((a) => a.rd === 'Too many attempts. Please try again later.'),
      ).toBe(true);
      t.clock.advance(61 * 60_000);
    });
  });
});
