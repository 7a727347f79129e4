import { vaProductCode } from '@gerbang/shared/domain/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricePayin } from '../../src/modules/payins/pricing';
import { runOnce as expireTopups } from '../../src/modules/topup/deposits';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import {
  agentIdOf,
  balances,
  expectLedgerClean,
  newReference,
  PARTNER,
  TUESDAY_10_WIB,
} from '../payins/factory';

const HOUR_MS = 3_600_000;
const BCA_ACCOUNT = '8720155501';

/**
 * The top-up page's calls (spec 02 §2.5, §5, §7; spec 03 §7.1): who may call them, the manual
 * top-up's validation order and answer, its matching by the exact total through the simulator's
 * bank transfer (money moves once; another amount or a late one goes to suspense), expiry, and
 * the agent's deposit VAs, which credit the available balance at payment (spec 02 §9).
 */
describe.each(testDatabases())('top-up on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let payer: TestClient;
  let agentId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    payer = t.client({ lang: 'en' });
    agentId = await agentIdOf(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const pay = (body: Record<string, unknown>) => payer.post('/dev/simulator/pay', body);
  const topup = (client: TestClient, body: Record<string, unknown>) =>
    client.post('/transaction/topup', body);
  const good = (nominal: number) => ({
    kodeBank: '014',
    nominal: String(nominal),
    password: DEMO_PASSWORD,
  });

  async function depositRow(idDeposit: string) {
    return t.services.db
      .selectFrom('deposits')
      .selectAll()
      .where('id_deposit', '=', idDeposit)
      .executeTakeFirstOrThrow();
  }

  describe('access', () => {
    const calls = (c: TestClient) => [
      c.get('/data/user_list_va'),
      c.get('/data/bank_list'),
      c.post('/transaction/topup', good(50_000)),
    ];

    it('refuses a Personal END USER and an agent without API on every call', async () => {
      for (const username of ['enduser@demo.id', 'newbiz@demo.id']) {
        const c = await t.loginAs(username, { lang: 'en' });
        for (const res of await Promise.all(calls(c))) {
          expect(res.status, username).toBe(403);
        }
      }
    });

    it('needs topup ADD as well as READ', async () => {
      const module = await t.services.db
        .selectFrom('modules')
        .select('id')
        .where('name', '=', 'topup')
        .executeTakeFirstOrThrow();
      const user = await t.services.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'h2h@demo.id')
        .executeTakeFirstOrThrow();
      const c = await t.loginAs('h2h@demo.id', { lang: 'en' });
      expect((await c.get('/data/bank_list')).rc).toBe('00');
      await t.services.db
        .insertInto('user_module_denials')
        .values({ user_id: user.id, module_id: module.id, action: 'ADD' })
        .execute();
      try {
        for (const res of await Promise.all(calls(c))) expect(res.status).toBe(403);
      } finally {
        await t.services.db
          .deleteFrom('user_module_denials')
          .where('user_id', '=', user.id)
          .execute();
      }
    });

    it('works in production only', async () => {
      const c = await t.loginAs(PARTNER, { lang: 'en' });
      expect((await c.post('/control/change_environment_sandbox')).rc).toBe('00');
      for (const res of await Promise.all(calls(c))) {
        expect(res.status).toBe(403);
        expect(res.rd).toMatch(/sandbox/i);
      }
      const created = await t.services.db
        .selectFrom('deposits')
        .select('id')
        .where('environment', '=', 'sandbox')
        .execute();
      expect(created).toEqual([]);
    });
  });

  describe('validation', () => {
    it('checks bank, nominal, password and captcha in the spec order, with its messages', async () => {
      const steps: Array<[Record<string, unknown>, string]> = [
        [{}, 'You have not chosen a bank'],
        [{ kodeBank: '' }, 'You have not chosen a bank'],
        [{ kodeBank: '014' }, 'You have not entered the amount'],
        [{ kodeBank: '014', nominal: '0' }, 'You have not entered the amount'],
        [{ kodeBank: '014', nominal: '100.000' }, 'You have not entered your password'],
        [
          { kodeBank: '014', nominal: 'abc', password: 'x' },
          'The amount must be a whole number greater than 0',
        ],
      ];
      for (const [body, message] of steps) {
        const res = await topup(partner, body);
        expect(res.rc, JSON.stringify(body)).toBe('400');
        expect(res.rd, JSON.stringify(body)).toBe(message);
      }
      const id = await t.loginAs(PARTNER, { lang: 'id' });
      expect((await topup(id, {})).rd).toBe('Anda belum memilih Bank');
      expect((await topup(id, { kodeBank: '014' })).rd).toBe(
        'Anda belum memasukkan jumlah nominal',
      );
      expect((await topup(id, { kodeBank: '014', nominal: 10_000 })).rd).toBe(
        'Anda belum memasukkan password Anda',
      );
    });

    it('asks a real (non-test) session for the captcha after the password', async () => {
      const real = t.client({ lang: 'en' });
      const { solveChallenge } = await import('altcha-lib');
      const { deriveKey } = await import('altcha-lib/algorithms/sha');
      const challenge = (
        await t.app.inject({ method: 'GET', url: '/api/auth/captcha_challenge' })
      ).json();
      const solution = await solveChallenge({ challenge, deriveKey } as any);
      const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const login = await real.post('/auth/login', {
        username: PARTNER,
        password: DEMO_PASSWORD,
        captcha,
      });
      expect(login.data.is_test_user).toBe(false);
      const missing = await topup(real, good(50_000));
      expect(missing.rd).toBe('Please fill recatpcha');
      const wrong = await topup(real, { ...good(50_000), recaptcha: 'bogus' });
      expect(wrong.rd).toBe('Captcha verification failed. Please try again.');
    });

    it('refuses an unknown bank, amounts out of bounds and a wrong password, creating nothing', async () => {
      const before = await t.services.db.selectFrom('deposits').select('id').execute();
      expect((await topup(partner, { ...good(50_000), kodeBank: '999' })).rd).toBe(
        'This top-up bank is not available',
      );
      expect((await topup(partner, good(9_000))).rd).toBe('The smallest top-up is Rp. 10.000');
      expect((await topup(partner, good(2_000_000_000))).rd).toBe(
        'The largest top-up is Rp. 1.000.000.000',
      );
      const wrong = await topup(partner, { ...good(50_000), password: 'not-the-password' });
      expect(wrong.rc).not.toBe('00');
      expect(wrong.rd).toMatch(/password/i);
      const after = await t.services.db.selectFrom('deposits').select('id').execute();
      expect(after.length).toBe(before.length);
    });
  });

  describe('manual transfer', () => {
    it('lists the receiving banks under data.nonipg[0].data', async () => {
      const res = await partner.get('/data/bank_list');
      expect(res.rc).toBe('00');
      expect(res.data.nonipg[0].data).toEqual([
        { codeBank: '014', namaBank: 'Bank BCA' },
        { codeBank: '008', namaBank: 'Bank Mandiri' },
        { codeBank: '009', namaBank: 'Bank BNI' },
      ]);
    });

    it('answers the total with a unique code; a double submit gets the same deposit', async () => {
      const first = await topup(partner, { ...good(250_000), nominal: '250.000', pin: undefined });
      expect(first.rc, first.rd).toBe('00');
      const d = first.data;
      expect(d).toMatchObject({
        namabank: 'Bank BCA',
        atasNamaRekening: 'PT GERBANG PEMBAYARAN NUSANTARA',
        noRekening: BCA_ACCOUNT,
        nominal: 250_000,
      });
      expect(d.nominalUnik).toBeGreaterThanOrEqual(100);
      expect(d.nominalUnik).toBeLessThanOrEqual(999);
      expect(d.nominalTransfer).toBe(250_000 + d.nominalUnik);
      const expiresIn = new Date(d.expiredTime).getTime() - t.clock.now.getTime();
      expect(Math.abs(expiresIn - 3 * HOUR_MS)).toBeLessThan(60_000);
      const again = await Promise.all([
        topup(partner, good(250_000)),
        topup(partner, good(250_000)),
      ]);
      expect(again.map((a) => a.data.idDeposit)).toEqual([d.idDeposit, d.idDeposit]);
      // `pin` is the spec's other name for the password field.
      const viaPin = await topup(partner, {
        kodeBank: '014',
        nominal: 250_000,
        pin: DEMO_PASSWORD,
      });
      expect(viaPin.data.idDeposit).toBe(d.idDeposit);
    });

    it('gives different agents different totals for the same amount and account', async () => {
      const h2h = await t.loginAs('h2h@demo.id', { lang: 'en' });
      const a = await topup(partner, good(777_000));
      const b = await topup(h2h, good(777_000));
      expect(a.rc, a.rd).toBe('00');
      expect(b.rc, b.rd).toBe('00');
      expect(a.data.nominalTransfer).not.toBe(b.data.nominalTransfer);
    });

    it('credits the exact total once; another amount goes to suspense; a replay moves nothing', async () => {
      const res = await topup(partner, good(1_500_000));
      expect(res.rc, res.rd).toBe('00');
      const { idDeposit, nominalTransfer } = res.data;
      const before = await balances(t, agentId);

      const other = await pay({ channel: 'bank_transfer', number: BCA_ACCOUNT, amount: 1_500_000 });
      expect(other.data).toMatchObject({ status: 'SUCCESS', outcome: 'suspense' });
      expect(await balances(t, agentId)).toEqual(before);
      expect((await depositRow(idDeposit)).status).toBe(0);
      // The order view polls its status: open until the exact total arrives.
      const status = () => partner.get('/transaction/topup_status', { idDeposit });
      expect((await status()).data).toEqual({ idDeposit, status: 'OPEN' });
      const unknown = await partner.get('/transaction/topup_status', { idDeposit: 'DEP0' });
      expect([unknown.rc, unknown.rd]).toEqual(['404', 'Data not found.']);

      const reference = newReference('TOPUP');
      const exact = await pay({
        channel: 'bank_transfer',
        number: BCA_ACCOUNT,
        amount: nominalTransfer,
        reference,
      });
      expect(exact.data).toMatchObject({ outcome: 'available', id_transaksi: idDeposit });
      const replay = await pay({
        channel: 'bank_transfer',
        number: BCA_ACCOUNT,
        amount: nominalTransfer,
        reference,
      });
      expect(replay.data).toMatchObject({ replayed: true });
      const after = await balances(t, agentId);
      expect(after.available - before.available).toBe(nominalTransfer);
      expect(after.held).toBe(before.held);
      expect(await depositRow(idDeposit)).toMatchObject({ status: 1 });
      expect((await status()).data).toEqual({ idDeposit, status: 'PAID' });
      const cashIn = await t.services.db
        .selectFrom('transactions')
        .select(['kind', 'nominal_origin', 'status_trx'])
        .where('id_transaksi', '=', idDeposit)
        .execute();
      expect(cashIn).toEqual([
        { kind: 'TOPUP', nominal_origin: nominalTransfer, status_trx: 'SUCCESS' },
      ]);
      // The paid deposit is closed: the same amount now gets a new order.
      const next = await topup(partner, good(1_500_000));
      expect(next.data.idDeposit).not.toBe(idDeposit);
    });

    it('closes an expired deposit; a late transfer of its total does not match', async () => {
      const res = await topup(partner, good(640_000));
      expect(res.rc, res.rd).toBe('00');
      const { idDeposit, nominalTransfer } = res.data;
      t.clock.advance(3 * HOUR_MS + 60_000);
      const report = await expireTopups(t.services);
      expect(report.expired).toBeGreaterThanOrEqual(1);
      expect((await depositRow(idDeposit)).status).toBe(3);
      expect((await expireTopups(t.services)).expired).toBe(0);
      const before = await balances(t, agentId);
      const late = await pay({
        channel: 'bank_transfer',
        number: BCA_ACCOUNT,
        amount: nominalTransfer,
      });
      expect(late.data.outcome).toBe('suspense');
      expect(await balances(t, agentId)).toEqual(before);
      expect((await depositRow(idDeposit)).status).toBe(3);
      // Three idle hours end the session too: later tests use a fresh one.
      partner = await t.loginAs(PARTNER, { lang: 'en' });
    });
  });

  describe('deposit virtual accounts', () => {
    it('lists one open VA per VA bank and QRIS, issued once', async () => {
      const [first, second] = await Promise.all([
        partner.get('/data/user_list_va'),
        partner.get('/data/user_list_va'),
      ]);
      expect(first.rc, first.rd).toBe('00');
      const banks = first.data.map((v: { kodeBank: string }) => v.kodeBank);
      expect(banks).toEqual(['014', '008', '009', '002', '013', '022', '011', 'QRIS']);
      expect(second.data).toEqual(first.data);
      expect((await partner.get('/data/user_list_va')).data).toEqual(first.data);
      const rows = await t.services.db
        .selectFrom('virtual_accounts')
        .select(['va_number', 'bill_type'])
        .where('agent_id', '=', agentId)
        .where('partner_reff_id', '=', 'DEPOSIT')
        .execute();
      expect(rows).toHaveLength(7);
      expect(rows.every((r) => r.bill_type === 'open')).toBe(true);
      const mandiri = first.data.find((v: { kodeBank: string }) => v.kodeBank === '008');
      expect(mandiri.va_number).toMatch(/^87827\d{11}$/);
      expect(mandiri).toMatchObject({ status_gangguan_va: true, channel: 'VA' });
      expect(mandiri.nama_pemilik).toBe('PT NUSANTARA DIGITAL NIAGA');
      const qris = first.data.at(-1);
      expect(qris).toMatchObject({ va_number: '-', channel: 'QRIS' });
    });

    it('reports a disrupted product with status_gangguan_va off', async () => {
      await t.services.db
        .insertInto('product_pricing')
        .values({
          agent_id: agentId,
          kode_produk: vaProductCode('009'),
          id_produk: vaProductCode('009'),
          nama_produk: 'VA BNI',
          jenis_trx: 'CASH IN',
          fee_admin: 4_000,
          is_gangguan: true,
        })
        .onConflict((oc) =>
          oc.columns(['agent_id', 'kode_produk']).doUpdateSet({ is_gangguan: true }),
        )
        .execute();
      const list = (await partner.get('/data/user_list_va')).data;
      expect(list.find((v: { kodeBank: string }) => v.kodeBank === '009').status_gangguan_va).toBe(
        false,
      );
      await t.services.db
        .updateTable('product_pricing')
        .set({ is_gangguan: false })
        .where('agent_id', '=', agentId)
        .where('kode_produk', '=', vaProductCode('009'))
        .execute();
    });

    it('paying a deposit VA credits available at once (spec 02 §9); a sale VA still waits held', async () => {
      const list = (await partner.get('/data/user_list_va')).data;
      const bca = list.find((v: { kodeBank: string }) => v.kodeBank === '014');
      const { fee } = await pricePayin(t.services.db, agentId, '014', 300_000);
      const before = await balances(t, agentId);
      const res = await pay({ channel: 'va', number: bca.va_number, amount: 300_000 });
      expect(res.rc, res.rd).toBe('00');
      expect(res.data.outcome).toBe('available');
      // Right after the payment, before any settlement run: available, nothing held.
      const after = await balances(t, agentId);
      expect(after.available - before.available).toBe(300_000 - fee);
      expect(after.held).toBe(before.held);
      const hold = await t.services.db
        .selectFrom('incoming_holds')
        .select(['is_sent', 'settlement_id'])
        .where('id_transaksi', '=', res.data.id_transaksi)
        .executeTakeFirstOrThrow();
      expect(hold.is_sent).toBe(1);
      expect(hold.settlement_id).not.toBeNull();
      // A settlement run afterwards moves nothing more for it.
      const settled = await payer.post('/dev/simulator/settle', { all: true });
      expect(settled.rc, settled.rd).toBe('00');
      expect((await balances(t, agentId)).available).toBeGreaterThanOrEqual(after.available);

      // Merchant sale VAs keep their settlement rules (held until settled): receive.test.ts.
    });
  });

  it('leaves the ledger invariants clean', async () => {
    await expectLedgerClean(t);
  });
});
