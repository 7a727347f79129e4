import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimUniqueTotal } from '../../src/modules/payins/expected-totals';
import { createDeposit } from '../../src/modules/topup/deposits';
import { findReceivingAccount } from '../../src/modules/topup/receiving-accounts';
import { describeRow } from '../../src/modules/transactions/descriptions';
import { runOnce as runOrders } from '../../src/modules/transfer/disburse';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, expectLedgerClean, PARTNER, TUESDAY_10_WIB } from '../payins/factory';

let keys = 0;
const newKey = () => `manual-${process.pid}-${++keys}`;

/**
 * Manual-transfer orders (spec 02 §4, §7 `confirm_order`): "I have paid" asks the bank's statement
 * (the rail's inbound-transfer check) and books what it finds through the ordinary receive path,
 * once; the unique code's total is unique among open orders AND open top-ups on the receiving
 * account, also for requests at the same instant; the order's transaction rows read in the
 * reader's language.
 */
describe.each(testDatabases())('manual transfer orders on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let payer: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    payer = t.client({ lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function inquire(nominal: string, number: string) {
    const res = await partner.post('/transaction/cashout_inquiry', {
      code: '014',
      number,
      nominal,
      password: DEMO_PASSWORD,
      note: 'Manual',
      sendername: '',
      purposetransaction: '',
      jenis_rekening: '',
      recaptcha: '',
      type_inq: 'domestic',
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data as { idtransaksi: string; nominal: number };
  }

  const manualOrder = (inq: { idtransaksi: string; nominal: number }, number: string) =>
    partner.post('/transaction/order_create', {
      client_key: newKey(),
      description: '',
      id_channel: 'TRF014',
      list_order: [
        {
          account_number: number,
          bank_code: '014',
          amount: inq.nominal,
          remark: 'manual',
          id_inquiry: inq.idtransaksi,
        },
      ],
    });

  const confirm = (id: string) =>
    partner.post('/transaction/confirm_order', { username: PARTNER, id_order: id });

  it('confirm asks the bank: a transfer without notification is found and paid exactly once', async () => {
    const inq = await inquire('35.000', '3535-0001');
    const created = await manualOrder(inq, '35350001');
    expect(created.rc, created.rd).toBe('00');
    const o = created.data;
    // The payer transfers; the bank books it but sends no notification (no automatic match).
    const paid = await payer.post('/dev/simulator/pay', {
      channel: 'bank_transfer',
      number: o.channel.account_number,
      amount: o.payment_amount,
      environment: 'production',
      notify: false,
    });
    expect(paid.rc, paid.rd).toBe('00');
    expect(paid.rd).toBe('The bank booked the transfer without notifying; a check will find it');
    expect(paid.data.outcome).toBeNull();
    const waiting = await partner.get('/transaction/order_report_detail', { id_order: o.id_order });
    expect(waiting.data.status).toBe('NEW');

    const first = await confirm(o.id_order);
    expect(first.rc, first.rd).toBe('00');
    expect(first.data.is_confirm_transfer).toBe(true);
    expect(first.data.time_payment).not.toBeNull();
    expect(['PAID', 'PROCESS_COMPLETED', 'COMPLETED']).toContain(first.data.status);
    const second = await confirm(o.id_order);
    expect(second.rc, second.rd).toBe('00');
    expect(second.data.time_payment).toBe(first.data.time_payment);

    const payments = await t.services.db
      .selectFrom('transactions')
      .select('id_transaksi')
      .where('invoicenumberext', '=', o.id_order)
      .where('jenis_trx', '=', 'CASH IN')
      .execute();
    expect(payments).toHaveLength(1);
    const receipts = await t.services.db
      .selectFrom('payin_receipts')
      .select('id')
      .where('rail_reference', '=', paid.data.reference)
      .execute();
    expect(receipts).toHaveLength(1);
    // The bank's late notification of the same transfer is a replay: nothing moves.
    const late = await payer.post('/dev/simulator/pay', {
      channel: 'bank_transfer',
      number: o.channel.account_number,
      amount: o.payment_amount,
      environment: 'production',
      reference: paid.data.reference,
    });
    expect(late.rc, late.rd).toBe('00');
    expect(late.data.replayed).toBe(true);
    await expectLedgerClean(t);
  });

  it('confirm without a transfer leaves the order waiting; another amount does not count', async () => {
    const inq = await inquire('36.000', '3636-0001');
    const created = await manualOrder(inq, '36360001');
    const o = created.data;
    const confirmed = await confirm(o.id_order);
    expect(confirmed.rc, confirmed.rd).toBe('00');
    expect(confirmed.data.status).toBe('NEW');
    expect(confirmed.data.time_payment).toBeNull();
    const wrong = await payer.post('/dev/simulator/pay', {
      channel: 'bank_transfer',
      number: o.channel.account_number,
      amount: o.payment_amount + 1,
      environment: 'production',
      notify: false,
    });
    expect(wrong.rc, wrong.rd).toBe('00');
    const again = await confirm(o.id_order);
    expect(again.data.status).toBe('NEW');
  });

  it('gives orders created at the same instant different totals on the same account', async () => {
    const inquiries = [];
    for (let i = 0; i < 6; i++) inquiries.push(await inquire('41.000', `4141-12${i}3`));
    const created = await Promise.all(inquiries.map((inq, i) => manualOrder(inq, `414112${i}3`)));
    for (const c of created) expect(c.rc, c.rd).toBe('00');
    const totals = created.map((c) => c.data.payment_amount);
    expect(new Set(totals).size).toBe(totals.length);
    const claims = await t.services.db
      .selectFrom('expected_transfer_totals')
      .select(['total', 'source_id'])
      .where(
        'source_id',
        'in',
        created.map((c) => c.data.id_order),
      )
      .execute();
    expect(claims.map((c) => Number(c.total)).sort()).toEqual([...totals].sort());
  });

  it('lets one claim of a total win however many race, across top-ups and orders', async () => {
    const now = t.services.now();
    const expiresAt = new Date(now.getTime() + 3_600_000);
    const request = (id: string) => ({
      environment: 'production' as const,
      accountNumber: '5550001111',
      base: 77_000,
      minCode: 500,
      maxCode: 500,
      source: { kind: 'transfer_order' as const, id },
      expiresAt,
      now,
    });
    // Held by an order row that exists and waits (else the claim would be cleared as stale).
    const inq = await inquire('12.000', '1212-0001');
    const holder = (await manualOrder(inq, '12120001')).data.id_order as string;
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map(() =>
        t.services.db.transaction().execute((trx) => claimUniqueTotal(trx, request(holder))),
      ),
    );
    expect(results.filter((r) => r === 500)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(4);

    // A top-up's total on an account blocks the same total for an order there, until it is paid.
    const agentId = await agentIdOf(t);
    const user = await t.services.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', '=', PARTNER)
      .executeTakeFirstOrThrow();
    const deposit = await createDeposit(
      t.services,
      { agentId, userId: user.id, username: user.username, environment: 'production' },
      { kodeBank: '014', nominal: 88_000 },
    );
    const account = findReceivingAccount('014');
    expect(deposit.noRekening).toBe(account?.norekening);
    const sameTotal = {
      ...request(holder),
      accountNumber: deposit.noRekening,
      base: 88_000,
      minCode: deposit.nominalUnik,
      maxCode: deposit.nominalUnik,
    };
    const blocked = await t.services.db
      .transaction()
      .execute((trx) => claimUniqueTotal(trx, sameTotal));
    expect(blocked).toBeNull();
    await t.services.db
      .updateTable('deposits')
      .set({ status: 1 })
      .where('id_deposit', '=', deposit.idDeposit)
      .execute();
    const freed = await t.services.db
      .transaction()
      .execute((trx) => claimUniqueTotal(trx, sameTotal));
    expect(freed).toBe(deposit.nominalUnik);
  });

  it("writes the order's transaction rows as kinds that read in Indonesian and English", async () => {
    const inq = await inquire('37.000', '3737-0001');
    const o = (await manualOrder(inq, '37370001')).data;
    const paid = await payer.post('/dev/simulator/pay', {
      channel: 'bank_transfer',
      number: o.channel.account_number,
      amount: o.payment_amount,
      environment: 'production',
    });
    expect(paid.rc, paid.rd).toBe('00');
    await runOrders(t.services);
    const rows = await t.services.db
      .selectFrom('transactions')
      .select(['jenis_trx', 'keterangan', 'keterangan_key', 'keterangan_params'])
      .where('invoicenumberext', '=', o.id_order)
      .orderBy('id')
      .execute();
    const payment = rows.find((r) => r.jenis_trx === 'CASH IN');
    const line = rows.find((r) => r.jenis_trx === 'CASH OUT');
    expect(payment?.keterangan_key).toBe('transfer.orderPayment');
    expect(describeRow('id', payment as never)).toBe(`Pembayaran order transfer ${o.id_order}`);
    expect(describeRow('en', payment as never)).toBe(`Payment of transfer order ${o.id_order}`);
    expect(line?.keterangan_key).toBeTruthy();
    expect(['transfer.lineSuccess', 'transfer.lineSent']).toContain(line?.keterangan_key);
    const id = describeRow('id', line as never);
    const en = describeRow('en', line as never);
    expect(id).not.toBe(en);
    if (line?.keterangan_key === 'transfer.lineSuccess') {
      expect(id).toBe('Transfer berhasil');
      expect(en).toBe('Transfer successful');
    }
  });
});
