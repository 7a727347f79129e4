import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import {
  advanceToWib,
  agentId,
  bankInquiry,
  drainAgent,
  expectConsistent,
  fundAgent,
  ledgerBalance,
  offsetToWib,
} from './factory';

/** A session that is not a test user: its captcha is checked (spec 02 §5 rule 6). */
async function loginWithRealCaptcha(t: TestApp, lang: 'id' | 'en' = 'en'): Promise<TestClient> {
  const c = t.client({ lang });
  const captcha = await solvedCaptcha(t);
  const res = await c.post('/auth/login', {
    username: 'partner@demo.id',
    password: DEMO_PASSWORD,
    captcha,
  });
  expect(res.rc, res.rd).toBe('00');
  expect(res.data.is_test_user).toBe(false);
  return c;
}

async function solvedCaptcha(t: TestApp): Promise<string> {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/sha');
  const challenge = (
    await t.app.inject({ method: 'GET', url: '/api/auth/captcha_challenge' })
  ).json();
  const solution = await solveChallenge({ challenge, deriveKey } as any);
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe.each(testDatabases())('withdraw validation on %s', (kind) => {
  let t: TestApp;
  let real: TestClient;
  let test: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    real = await loginWithRealCaptcha(t);
    test = await t.loginAs('partner@demo.id', { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('checks cash-out fields in the order of spec 02 §5, with its messages', async () => {
    const steps: Array<[Record<string, unknown>, string]> = [
      [{}, 'Choose destination bank name'],
      [{ code: '014' }, 'Enter destination account number'],
      [{ code: '014', number: '1234567890' }, 'Enter transfer amount (must be greater than 0)'],
      [
        { code: '014', number: '1234567890', nominal: '0' },
        'Enter transfer amount (must be greater than 0)',
      ],
      [
        { code: '014', number: '1234567890', nominal: 'Rp. ' },
        'Enter transfer amount (must be greater than 0)',
      ],
      [{ code: '014', number: '1234567890', nominal: '10.000' }, 'Enter account password'],
      [
        { code: '014', number: '1234567890', nominal: '10.000', password: DEMO_PASSWORD },
        'Please fill recatpcha',
      ],
    ];
    for (const [body, message] of steps) {
      const res = await real.post('/transaction/cashout_inquiry', body);
      expect(res.rd, JSON.stringify(body)).toBe(message);
      expect(res.rc).not.toBe('00');
    }
    // A bank chosen with every later field empty still fails on the first one that is missing.
    expect((await real.post('/transaction/cashout_inquiry', { number: 'x' })).rd).toBe(
      'Choose destination bank name',
    );
  });

  it('checks e-wallet fields in the spec order (rule 5 after the password)', async () => {
    const steps: Array<[Record<string, unknown>, string]> = [
      [{}, 'Enter destination account number'],
      [{ number: '081234567812' }, 'Enter transfer amount (must be greater than 0)'],
      [{ number: '081234567812', nominal: 5000 }, 'Enter account password'],
      [
        { number: '081234567812', nominal: 5000, password: DEMO_PASSWORD },
        'Choose E-Wallet destination',
      ],
      [
        { number: '081234567812', nominal: 5000, password: DEMO_PASSWORD, produk: 'OVO' },
        'Please fill recatpcha',
      ],
    ];
    for (const [body, message] of steps) {
      expect((await real.post('/transaction/ewallet_inquiry', body)).rd, JSON.stringify(body)).toBe(
        message,
      );
    }
  });

  it('answers the same messages in Indonesian', async () => {
    const id = await t.loginAs('partner@demo.id', { lang: 'id' });
    expect((await id.post('/transaction/cashout_inquiry', {})).rd).toBe('Pilih nama bank tujuan');
    expect(
      (await id.post('/transaction/ewallet_inquiry', { number: '0812', nominal: 1, password: 'x' }))
        .rd,
    ).toBe('Pilih E-Wallet tujuan');
    expect((await id.post('/transaction/cashout_payment', { pin: '' })).rd).toBe('Masukkan OTP');
  });

  it('verifies a real captcha once and skips it for a test session', async () => {
    const wrong = await real.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ recaptcha: 'bogus' }),
    );
    expect(wrong.rd).toBe('Captcha verification failed. Please try again.');
    const captcha = await solvedCaptcha(t);
    const good = await real.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ recaptcha: captcha }),
    );
    expect(good.rc, good.rd).toBe('00');
    const replayed = await real.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ recaptcha: captcha }),
    );
    expect(replayed.rd).toBe('Captcha verification failed. Please try again.');
    const skipped = await test.post('/transaction/cashout_inquiry', bankInquiry());
    expect(skipped.rc, skipped.rd).toBe('00');
  });

  it('shapes input: account number digits and dashes up to 24, secrets up to 64, note 25, sender 15', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ number: '12345abc' }, 'Please check account number'],
      [{ number: '1234-5678-1234-5678-1234-5' }, 'Please check account number'],
      [{ password: 'x'.repeat(65) }, 'The password or OTP may be at most 64 characters.'],
      [{ note: 'n'.repeat(26) }, 'The note may be at most 25 characters.'],
      [{ sendername: 's'.repeat(16) }, 'The sender name may be at most 15 characters.'],
      [{ jenis_rekening: 'X' }, 'Choose a normal transfer or a virtual account.'],
    ];
    for (const [override, message] of cases) {
      expect((await test.post('/transaction/cashout_inquiry', bankInquiry(override))).rd).toBe(
        message,
      );
    }
    const dashed = await test.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ number: '1234-5678-1234-5678-1234' }),
    );
    expect(dashed.rc, dashed.rd).toBe('00');
    expect(dashed.data.tabledata['NO PELANGGAN']).toBe('12345678123456781234');
    expect(dashed.data.nominal).toBe(100_000);
  });

  it('takes an amount only as plain digits or dotted thousands; decimals and signs get the amount message', async () => {
    for (const nominal of ['10.000,50', '-5000', '10,000', '1.0000', 'Rp 5000', -5000, 10.5]) {
      const res = await test.post('/transaction/cashout_inquiry', bankInquiry({ nominal }));
      expect(res.rd, String(nominal)).toBe('Enter transfer amount (must be greater than 0)');
    }
    for (const [nominal, amount] of [
      ['10.000', 10_000],
      ['10000', 10_000],
      [10_000, 10_000],
    ] as const) {
      const res = await test.post('/transaction/cashout_inquiry', bankInquiry({ nominal }));
      expect(res.rc, res.rd).toBe('00');
      expect(res.data.nominal).toBe(amount);
    }
  });

  it('refuses more than 50,000,000 per transaction, and accepts exactly that with the balance for it', async () => {
    const over = await test.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ nominal: '50.000.001' }),
    );
    expect(over.rd).toBe('The maximum amount per transaction is Rp. 50.000.000.');
    await fundAgent(t, 'partner@demo.id', 50_002_500);
    const limit = await test.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ nominal: '50.000.000' }),
    );
    expect(limit.rc, limit.rd).toBe('00');
    expect(limit.data.total).toBe(50_002_500);
    const tooManyDigits = await test.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ nominal: '1234567890123456' }),
    );
    expect(tooManyDigits.rd).toBe('Enter transfer amount (must be greater than 0)');
  });

  it('refuses a wrong account password, an unknown bank, and a VA at a bank without VAs', async () => {
    expect(
      (await test.post('/transaction/cashout_inquiry', bankInquiry({ password: 'wrong-password' })))
        .rd,
    ).toBe('Wrong account password.');
    expect((await test.post('/transaction/cashout_inquiry', bankInquiry({ code: '999' }))).rd).toBe(
      'Choose destination bank name',
    );
    expect(
      (await test.post('/transaction/ewallet_inquiry', { ...bankInquiry(), produk: 'NOPE' })).rd,
    ).toBe('Choose E-Wallet destination');
    expect(
      (
        await test.post(
          '/transaction/cashout_inquiry',
          bankInquiry({ code: '016', jenis_rekening: 'VA' }),
        )
      ).rd,
    ).toBe('A virtual account destination is not available for this bank.');
    const va = await test.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ code: '011', jenis_rekening: 'VA' }),
    );
    expect(va.rc, va.rd).toBe('00');
  });

  it('gives a clear message for an account the bank does not know', async () => {
    const res = await test.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ number: '1234560000' }),
    );
    expect(res.rd).toBe('The destination account was not found. Please check the account number.');
    const down = await test.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ number: '1234567777' }),
    );
    expect(down.rd).toBe(
      'The destination bank is disrupted at the moment. Please try again later.',
    );
  });

  it('refuses an amount plus fee above the balance (from the ledger)', async () => {
    // Leave exactly 1,000 less than amount + fee (2,500) in the account.
    const balance = await ledgerBalance(t, 'partner@demo.id');
    const amount = 10_000_000;
    const agent = await agentId(t, 'partner@demo.id');
    if (balance < amount + 1_500) await fundAgent(t, 'partner@demo.id', amount + 1_500 - balance);
    else await drainAgent(t, agent, balance - (amount + 1_500));
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(amount + 1_500);
    const res = await test.post('/transaction/cashout_inquiry', bankInquiry({ nominal: amount }));
    expect(res.rd).toBe(
      'Insufficient balance. The amount plus the admin fee (Rp. 10.002.500) is more than your balance (Rp. 10.001.500).',
    );
    const enough = await test.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ nominal: amount - 1_000 }),
    );
    expect(enough.rc, enough.rd).toBe('00');
    await expectConsistent(t, test);
  });

  it('refuses in sandbox with the sandbox notice and refuses a sub-user', async () => {
    const sandbox = await t.loginAs('partner@demo.id', { lang: 'id' });
    expect((await sandbox.post('/control/change_environment_sandbox')).rc).toBe('00');
    for (const url of [
      '/transaction/cashout_inquiry',
      '/transaction/ewallet_inquiry',
      '/transaction/create_otp',
      '/transaction/cashout_payment',
    ]) {
      const res = await sandbox.post(url, bankInquiry());
      expect(res.rd, url).toBe(
        'Anda di dalam Mode Sandbox. Fitur ini hanya bisa dijalankan di dalam Mode Production.',
      );
    }
    const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
    const denied = await staff.post('/transaction/cashout_inquiry', bankInquiry());
    expect(denied.rc).toBe('403');
    expect(denied.rd).toBe('You Not Allowed to Access This Page');
  });

  it('refuses during the cut-off window 23:45–00:15 WIB for the configured agents', async () => {
    advanceToWib(t, 23, 50);
    // Hours later: the earlier session has gone idle, so log in again.
    const late = await t.loginAs('partner@demo.id', { lang: 'en' });
    const res = await late.post('/transaction/cashout_inquiry', bankInquiry());
    expect(res.rd).toBe(
      'Transactions cannot be made right now because it is the cut-off time 23:45 - 00:15.',
    );
    advanceToWib(t, 0, 16);
    const after = await late.post('/transaction/cashout_inquiry', bankInquiry());
    expect(after.rc, after.rd).toBe('00');
    advanceToWib(t, 10, 0);
  });
});

describe.each(testDatabases())('withdraw password attempts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // 10:00 WIB today, whatever the real hour: outside the cut-off (partner is a cut-off agent).
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shares the account password budget: five wrong answers in 15 minutes, then 429 without checking', async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'en' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await c.post(
        '/transaction/cashout_inquiry',
        bankInquiry({ password: `wrong-${attempt}` }),
      );
      expect(res.rd).toBe('Wrong account password.');
    }
    const locked = await c.post('/transaction/cashout_inquiry', bankInquiry());
    expect(locked.rc).toBe('429');
    const audited = await t.services.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'own_password_failure')
      .execute();
    expect(audited).toHaveLength(5);
    expect(JSON.stringify(audited)).not.toContain('wrong-1');
  });
});
