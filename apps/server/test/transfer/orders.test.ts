import { balanceOfAccount, checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce as runOrders } from '../../src/modules/transfer/disburse';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, PARTNER, TUESDAY_10_WIB } from '../payins/factory';

const HOUR_MS = 3_600_000;
let keys = 0;
const newKey = () => `key-${process.pid}-${++keys}`;

/**
 * Domestic transfer orders (spec 02 §2.2, §2.6, §4, §5, §7, §9): the shared inquiry opened to
 * type_inq=domestic, channels and vouchers, the order's total, idempotent create (also two at
 * once), paying its VA → COMPLETED, a failing line (…9999) refunded once, expiry, manual transfer
 * with its unique code and confirm, and another agent's order. The ledger invariants hold after.
 */
describe.each(testDatabases())('domestic transfer orders on %s', (kind) => {
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

  const inquiryBody = (overrides: Record<string, unknown> = {}) => ({
    code: '014',
    number: '1234-5678-90',
    nominal: '100.000',
    password: DEMO_PASSWORD,
    note: 'Gaji',
    sendername: '',
    purposetransaction: '',
    jenis_rekening: '',
    recaptcha: '',
    type_inq: 'domestic',
    ...overrides,
  });

  async function inquire(c: TestClient, overrides: Record<string, unknown> = {}) {
    const res = await c.post('/transaction/cashout_inquiry', inquiryBody(overrides));
    expect(res.rc, res.rd).toBe('00');
    return res.data as { idtransaksi: string; nominal: number; bank_code: string };
  }

  const lineOf = (inq: { idtransaksi: string; nominal: number }, number = '1234567890') => ({
    account_number: number,
    bank_code: '014',
    amount: inq.nominal,
    remark: 'test',
    id_inquiry: inq.idtransaksi,
  });

  const order = (c: TestClient, body: Record<string, unknown>) =>
    c.post('/transaction/order_create', { client_key: newKey(), description: '', ...body });
  const detail = (c: TestClient, id: string) =>
    c.get('/transaction/order_report_detail', { id_order: id });
  const payVa = (number: string, amount: number) =>
    payer.post('/dev/simulator/pay', { channel: 'va', number, amount, environment: 'production' });

  async function ledgerOf(kindName: string) {
    const account = await t.services.ledger.findAccount({
      kind: kindName,
      agentId,
      environment: 'production',
    });
    return account ? balanceOfAccount(account).posted : 0;
  }

  async function expectLedgerClean() {
    const report = await checkInvariants(t.services.db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  }

  describe('the shared inquiry', () => {
    it('checks rule 7 for domestic only: digits and hyphens', async () => {
      const res = await partner.post(
        '/transaction/cashout_inquiry',
        inquiryBody({ number: '1234 5678' }),
      );
      expect(res.rd).toBe('Please check account number');
      const withdraw = await partner.post(
        '/transaction/cashout_inquiry',
        inquiryBody({ number: '1234 5678', type_inq: '' }),
      );
      // Withdraw allows spaces; the partner has no balance yet, so it stops at the balance rule.
      expect(withdraw.rd).not.toBe('Please check account number');
    });

    it('keeps the spec order of rules 1–4 for domestic', async () => {
      const res = await partner.post(
        '/transaction/cashout_inquiry',
        inquiryBody({ code: '', number: '', nominal: '0', password: '' }),
      );
      expect(res.rd).toBe('Choose destination bank name');
      const noNumber = await partner.post(
        '/transaction/cashout_inquiry',
        inquiryBody({ number: '', nominal: '0', password: '' }),
      );
      expect(noNumber.rd).toBe('Enter destination account number');
    });

    it('checks each use against its own rule: a sub-user may inquire for domestic only', async () => {
      const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
      const withdraw = await staff.post(
        '/transaction/cashout_inquiry',
        inquiryBody({ type_inq: '' }),
      );
      expect(withdraw.status).toBe(403);
      const domestic = await staff.post('/transaction/cashout_inquiry', inquiryBody());
      expect(domestic.rc, domestic.rd).toBe('00');
      const bad = await staff.post('/transaction/cashout_inquiry', inquiryBody({ type_inq: 'x' }));
      expect(bad.rc).not.toBe('00');
    });

    it('a domestic inquiry cannot become a withdrawal (no OTP for it)', async () => {
      const inq = await inquire(partner);
      const otp = await partner.post('/transaction/create_otp', {
        password: DEMO_PASSWORD,
        nominal_transfer: inq.nominal,
        idtransaksi: inq.idtransaksi,
      });
      expect(otp.rc).not.toBe('00');
    });
  });

  describe('channels and vouchers', () => {
    it('lists priced channels; END USER gets virtual accounts only and no voucher', async () => {
      const channels = await partner.get('/transaction/channel_payment', { id_transaksi: '' });
      expect(channels.rc).toBe('00');
      const kinds = new Set((channels.data as Array<{ kind: string }>).map((c) => c.kind));
      expect(kinds).toEqual(new Set(['VA', 'QRIS', 'RETAIL', 'TRANSFER']));
      expect(channels.data[0].admin_fee).toBe(2_500);
      // Spec 02 §3 account_number_name: the receiving account's holder for a manual transfer;
      // empty where the number is issued per order.
      const byId = new Map(
        (channels.data as Array<{ id: string; account_number_name: string }>).map((c) => [
          c.id,
          c.account_number_name,
        ]),
      );
      expect(byId.get('TRF014')).toBe('PT GERBANG PEMBAYARAN NUSANTARA');
      expect(byId.get('VA014')).toBe('');
      const vouchers = await partner.get('/transaction/list_voucher');
      expect(
        (vouchers.data as Array<{ voucher_kode: string }>).map((v) => v.voucher_kode),
      ).toContain('HEMAT5K');
      const endUser = await t.loginAs('enduser@demo.id', { lang: 'en' });
      const endChannels = await endUser.get('/transaction/channel_payment', { id_transaksi: '' });
      expect(endChannels.rc).toBe('00');
      expect((endChannels.data as Array<{ kind: string }>).every((c) => c.kind === 'VA')).toBe(
        true,
      );
      expect((await endUser.get('/transaction/list_voucher')).data).toEqual([]);
      const inq = await inquire(endUser);
      const withVoucher = await order(endUser, {
        id_channel: 'VA014',
        kode_voucher: 'HEMAT5K',
        list_order: [lineOf(inq)],
      });
      expect(withVoucher.rd).toBe('Vouchers are not available for this account');
      const manual = await order(endUser, {
        id_channel: 'TRF014',
        kode_voucher: '',
        list_order: [lineOf(inq)],
      });
      expect(manual.rd).toBe('Unknown payment channel');
    });
  });

  describe('order create', () => {
    it('refuses in the schema order: channel, lines; then a line that does not match', async () => {
      const empty = await partner.post('/transaction/order_create', {
        client_key: newKey(),
        id_channel: '',
        list_order: [],
      });
      expect(empty.rd).toBe('Please Select Channel Payment First');
      const noLines = await order(partner, { id_channel: 'VA014', list_order: [] });
      expect(noLines.rd).toBe('Add at least one destination');
      const inq = await inquire(partner);
      const wrongAmount = await order(partner, {
        id_channel: 'VA014',
        list_order: [{ ...lineOf(inq), amount: 99_000 }],
      });
      expect(wrongAmount.rd).toBe(
        'The destination does not match its inquiry, please check it again',
      );
      const wrongNumber = await order(partner, {
        id_channel: 'VA014',
        list_order: [lineOf(inq, '111')],
      });
      expect(wrongNumber.rc).not.toBe('00');
      const unknown = await order(partner, {
        id_channel: 'VA014',
        list_order: [{ ...lineOf(inq), id_inquiry: 'WDNOPE' }],
      });
      expect(unknown.rd).toBe('Inquiry not found, please check the destination again');
      const count = await t.services.db
        .selectFrom('transfer_orders')
        .select(t.services.db.fn.countAll().as('n'))
        .where('agent_id', '=', agentId)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('totals nominal + admin fee + service fee − voucher; a voucher works once per user', async () => {
      const a = await inquire(partner, { nominal: '100.000' });
      const b = await inquire(partner, { nominal: '50.000', number: '9876543210' });
      const res = await order(partner, {
        id_channel: 'QRIS',
        kode_voucher: 'HEMAT5K',
        list_order: [lineOf(a), lineOf(b, '9876543210')],
      });
      expect(res.rc, res.rd).toBe('00');
      expect(res.data.amount).toBe(150_000);
      expect(res.data.feeamount).toBe(2_500);
      expect(res.data.service_fee).toBe(1_000);
      expect(res.data.voucher_amount).toBe(5_000);
      expect(res.data.payment_amount).toBe(150_000 + 2_500 + 1_000 - 5_000);
      expect(res.data.channel.qris_payload).toContain('5802ID');
      expect(res.data.status).toBe('NEW');
      const again = await inquire(partner);
      const second = await order(partner, {
        id_channel: 'VA014',
        kode_voucher: 'HEMAT5K',
        list_order: [lineOf(again)],
      });
      expect(second.rd).toBe('You have already used this voucher');
      const listed = await partner.get('/transaction/list_voucher');
      expect(
        (listed.data as Array<{ voucher_kode: string }>).map((v) => v.voucher_kode),
      ).not.toContain('HEMAT5K');
      // The same inquiry cannot be ordered twice.
      const reuse = await order(partner, { id_channel: 'VA014', list_order: [lineOf(a)] });
      expect(reuse.rd).toBe('This inquiry has already been used for an order');
    });

    it('is idempotent on the client key, also for two submits at once', async () => {
      const inq = await inquire(partner);
      const key = newKey();
      const body = { client_key: key, id_channel: 'VA008', list_order: [lineOf(inq)] };
      const [one, two] = await Promise.all([
        partner.post('/transaction/order_create', body),
        partner.post('/transaction/order_create', body),
      ]);
      expect(one.rc, one.rd).toBe('00');
      expect(two.rc, two.rd).toBe('00');
      expect(two.data.id_order).toBe(one.data.id_order);
      const three = await partner.post('/transaction/order_create', body);
      expect(three.data.id_order).toBe(one.data.id_order);
      const rows = await t.services.db
        .selectFrom('transfer_orders')
        .select('id')
        .where('client_key', '=', key)
        .execute();
      expect(rows).toHaveLength(1);
      // Only one payable VA for it.
      const vas = await t.services.db
        .selectFrom('virtual_accounts')
        .select('id')
        .where('partner_reff_id', '=', `ORDER:transfer_order:${one.data.id_order}`)
        .where('status', '=', 1)
        .execute();
      expect(vas).toHaveLength(1);
      // The same key with other lines is another request: 409, and nothing is created.
      const other = await inquire(partner, { nominal: '120.000' });
      const changed = await partner.post('/transaction/order_create', {
        ...body,
        list_order: [lineOf(other)],
      });
      expect(changed.status).toBe(409);
      expect(changed.rd).toBe('This request was already sent with different data.');
      const moreLines = await partner.post('/transaction/order_create', {
        ...body,
        list_order: [lineOf(inq), lineOf(other)],
      });
      expect(moreLines.status).toBe(409);
      const otherChannel = await partner.post('/transaction/order_create', {
        ...body,
        id_channel: 'VA014',
      });
      expect(otherChannel.status).toBe(409);
      const after = await t.services.db
        .selectFrom('transfer_orders')
        .select('id')
        .where('client_key', '=', key)
        .execute();
      expect(after).toHaveLength(1);
      // The other inquiry is still free for its own order.
      const own = await order(partner, { id_channel: 'VA008', list_order: [lineOf(other)] });
      expect(own.rc, own.rd).toBe('00');
    });
  });

  describe('paying and sending', () => {
    it('a paid VA order with a failing line ends FAILED: one line sent, the other refunded once', async () => {
      const good = await inquire(partner, { nominal: '120.000', number: '5555-0000-11' });
      const bad = await inquire(partner, { nominal: '30.000', number: '5555-0000-9999' });
      const created = await order(partner, {
        id_channel: 'VA014',
        list_order: [lineOf(good, '5555000011'), lineOf(bad, '55550000-9999')],
      });
      expect(created.rc, created.rd).toBe('00');
      const o = created.data;
      expect(o.payment_amount).toBe(150_000 + 2_500);
      const availableBefore = await ledgerOf('merchant_available');

      const wrong = await payVa(o.channel.virtual_account_number, o.payment_amount - 1);
      expect(wrong.rc).not.toBe('00');
      const paid = await payVa(o.channel.virtual_account_number, o.payment_amount);
      expect(paid.rc, paid.rd).toBe('00');
      const twice = await payVa(o.channel.virtual_account_number, o.payment_amount);
      expect(twice.rc).not.toBe('00');

      const after = await detail(partner, o.id_order);
      expect(after.rc, after.rd).toBe('00');
      expect(after.data.status).toBe('FAILED');
      expect(after.data.time_payment).not.toBeNull();
      expect(after.data.list_order.map((l: { status: number }) => l.status)).toEqual([1, 2]);
      // The answer says what went back, so the page can show "partly sent" and the amount.
      expect(after.data.returned_amount).toBe(30_000);
      // The list counts the sent lines, so the page can say "partly sent" there too.
      const list = await partner.get('/transaction/order_list', { offset: 0, limit: 50 });
      expect(list.rc, list.rd).toBe('00');
      const listed = (list.data as Array<{ id_order: string }>).find(
        (r) => r.id_order === o.id_order,
      );
      expect(listed).toMatchObject({ status: 'FAILED', lines: 2, sent_lines: 1 });
      // The failed line's amount is back in the balance, once.
      expect(await ledgerOf('merchant_available')).toBe(availableBefore + 30_000);
      expect(await ledgerOf('merchant_order_funds')).toBe(0);
      await detail(partner, o.id_order);
      await runOrders(t.services);
      expect(await ledgerOf('merchant_available')).toBe(availableBefore + 30_000);
      const trx = await t.services.db
        .selectFrom('transactions')
        .select(['id_transaksi', 'status_trx', 'jenis_trx'])
        .where('invoicenumberext', '=', o.id_order)
        .orderBy('id')
        .execute();
      expect(trx.map((r) => `${r.jenis_trx}:${r.status_trx}`)).toEqual([
        'CASH IN:SUCCESS',
        'CASH OUT:SUCCESS',
        'CASH OUT:FAILED',
      ]);
      await expectLedgerClean();
    });

    it('a paid order with every line sent ends COMPLETED; the job sends what no request did', async () => {
      const inq = await inquire(partner, { nominal: '75.000', number: '7777-1111' });
      const created = await order(partner, {
        id_channel: 'VA009',
        list_order: [lineOf(inq, '77771111')],
      });
      expect(created.rc, created.rd).toBe('00');
      const paid = await payVa(
        created.data.channel.virtual_account_number,
        created.data.payment_amount,
      );
      expect(paid.rc, paid.rd).toBe('00');
      const report = await runOrders(t.services);
      expect(report.disbursed).toBe(1);
      const after = await detail(partner, created.data.id_order);
      expect(after.data.status).toBe('COMPLETED');
      expect(after.data.time_completed).not.toBeNull();
      const row = await t.services.db
        .selectFrom('transfer_orders')
        .select(['status', 'paid_at', 'completed_at'])
        .where('id', '=', created.data.id_order)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('COMPLETED');
      await expectLedgerClean();
    });

    it('an expired NEW order shows EXPIRED and its VA takes no money', async () => {
      const inq = await inquire(partner, { nominal: '10.000', number: '3333-2222' });
      const created = await order(partner, {
        id_channel: 'VA002',
        list_order: [lineOf(inq, '33332222')],
      });
      expect(created.rc, created.rd).toBe('00');
      t.clock.advance(HOUR_MS + 60_000);
      const shown = await detail(partner, created.data.id_order);
      expect(shown.data.status).toBe('EXPIRED');
      const late = await payVa(
        created.data.channel.virtual_account_number,
        created.data.payment_amount,
      );
      expect(late.rc).not.toBe('00');
      expect((await detail(partner, created.data.id_order)).data.status).toBe('EXPIRED');
      const list = await partner.get('/transaction/order_list');
      expect(list.data[0].id_order).toBe(created.data.id_order);
      expect(list.data[0].status).toBe('EXPIRED');
    });

    it('a manual transfer carries a unique code 100–999, can be confirmed, and is matched by its exact total', async () => {
      const inq = await inquire(partner, { nominal: '40.000', number: '4444-5555' });
      const created = await order(partner, {
        id_channel: 'TRF014',
        list_order: [lineOf(inq, '44445555')],
      });
      expect(created.rc, created.rd).toBe('00');
      const o = created.data;
      expect(o.channel.unique_amount).toBeGreaterThanOrEqual(100);
      expect(o.channel.unique_amount).toBeLessThanOrEqual(999);
      expect(o.payment_amount).toBe(40_000 + 2_500 + o.channel.unique_amount);
      expect(o.channel.account_number_name).toBe('PT GERBANG PEMBAYARAN NUSANTARA');
      expect(o.channel.account_number).not.toBe('');
      const confirmed = await partner.post('/transaction/confirm_order', {
        username: PARTNER,
        id_order: o.id_order,
      });
      expect(confirmed.rc, confirmed.rd).toBe('00');
      expect(confirmed.data.is_confirm_transfer).toBe(true);
      const before = await ledgerOf('merchant_available');
      const paid = await payer.post('/dev/simulator/pay', {
        channel: 'bank_transfer',
        number: o.channel.account_number,
        amount: o.payment_amount,
        environment: 'production',
      });
      expect(paid.rc, paid.rd).toBe('00');
      const after = await detail(partner, o.id_order);
      expect(after.data.status).toBe('COMPLETED');
      // The unique code is the user's money: it goes to the balance.
      expect(await ledgerOf('merchant_available')).toBe(before + o.channel.unique_amount);
      const va = await partner.post('/transaction/confirm_order', {
        username: PARTNER,
        id_order: (await partner.get('/transaction/order_list')).data.find(
          (x: { channel_name: string }) => x.channel_name.startsWith('Virtual'),
        ).id_order,
      });
      expect(va.rd).toBe('Only a manual transfer can be confirmed');
      await expectLedgerClean();
    });
  });

  describe('change method', () => {
    it('cancels the NEW order: its VA refuses money, its inquiry and voucher are free again', async () => {
      const inq = await inquire(partner, { nominal: '20.000', number: '6666-1111' });
      const first = await order(partner, {
        id_channel: 'VA013',
        kode_voucher: 'TRANSFER10K',
        list_order: [lineOf(inq, '66661111')],
      });
      expect(first.rc, first.rd).toBe('00');
      expect(first.data.voucher_amount).toBe(10_000);
      const cancelled = await partner.post('/transaction/order_cancel', {
        id_order: first.data.id_order,
      });
      expect(cancelled.rc, cancelled.rd).toBe('00');
      expect(cancelled.data.status).toBe('EXPIRED');
      const late = await payVa(
        first.data.channel.virtual_account_number,
        first.data.payment_amount,
      );
      expect(late.rc).not.toBe('00');
      // The payer is told the bill was cancelled, not that it was already paid.
      expect(late.rd).toBe('This bill was cancelled and can no longer be paid');
      expect(late.data).toMatchObject({ status: 'REFUSED', reason: 'CANCELLED' });
      const second = await order(partner, {
        id_channel: 'VA014',
        kode_voucher: 'TRANSFER10K',
        list_order: [lineOf(inq, '66661111')],
      });
      expect(second.rc, second.rd).toBe('00');
      expect(second.data.payment_amount).toBe(20_000 + 2_500 - 10_000);
      const paid = await payVa(
        second.data.channel.virtual_account_number,
        second.data.payment_amount,
      );
      expect(paid.rc, paid.rd).toBe('00');
      expect((await detail(partner, second.data.id_order)).data.status).toBe('COMPLETED');
      await expectLedgerClean();
    });
  });

  describe('ownership', () => {
    it("answers not found for another agent's order", async () => {
      const mine = (await partner.get('/transaction/order_list')).data[0].id_order;
      const other = await t.loginAs('h2h@demo.id', { lang: 'en' });
      const res = await detail(other, mine);
      expect(res.rd).toBe('Order not found');
      const confirm = await other.post('/transaction/confirm_order', {
        username: '',
        id_order: mine,
      });
      expect(confirm.rd).toBe('Order not found');
      expect((await other.get('/transaction/order_list')).data).toEqual([]);
    });
  });
});
