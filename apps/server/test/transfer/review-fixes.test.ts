import { balanceOfAccount, checkInvariants } from '@gerbang/ledger';
import { callbackEventOf } from '@gerbang/shared';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackTargetFor } from '../../src/modules/credentials/callback-target';
import { receivePayment } from '../../src/modules/payins/receive';
import { runOnce as runOrders } from '../../src/modules/transfer/disburse';
import type { TransferOrdersTable } from '../../src/modules/transfer/tables';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, PARTNER, TUESDAY_10_WIB } from '../payins/factory';

const HOUR_MS = 3_600_000;
let keys = 0;
const newKey = () => `fix-${process.pid}-${++keys}`;
let refs = 0;
const newRef = () => `LATE-${process.pid}-${++refs}`;

/**
 * Review fixes of the transfer orders: the order job goes on past an order that throws and is not starved by
 * lines waiting on the bank; a cancelled or expired order is never paid late (its money goes back
 * to the balance, once) and its lines' transaction ids are the order's own; a wrong amount does
 * not pay an order; the payment callback names its channel, so it goes to the channel's URL.
 */
describe.each(testDatabases())('transfer order review fixes on %s', (kind) => {
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

  async function inquire(number: string, nominal: string) {
    const res = await partner.post('/transaction/cashout_inquiry', {
      code: '014',
      number,
      nominal,
      password: DEMO_PASSWORD,
      note: 'Fix',
      sendername: '',
      purposetransaction: '',
      jenis_rekening: '',
      recaptcha: '',
      type_inq: 'domestic',
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data as { idtransaksi: string; nominal: number };
  }

  async function order(
    channel: string,
    inq: { idtransaksi: string; nominal: number },
    number: string,
  ) {
    const res = await partner.post('/transaction/order_create', {
      client_key: newKey(),
      description: '',
      id_channel: channel,
      list_order: [
        {
          account_number: number,
          bank_code: '014',
          amount: inq.nominal,
          remark: 'x',
          id_inquiry: inq.idtransaksi,
        },
      ],
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data;
  }

  const payVa = (number: string, amount: number) =>
    payer.post('/dev/simulator/pay', { channel: 'va', number, amount, environment: 'production' });

  const statusOf = async (id: string) =>
    (
      await t.services.db
        .selectFrom('transfer_orders')
        .select(['status', 'cancelled_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

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
  }

  it('a cancelled manual order is closed: its late transfer goes back to the balance, the inquiry serves a new order', async () => {
    const inq = await inquire('8181-2020', '60.000');
    const first = await order('TRF014', inq, '81812020');
    const cancelled = await partner.post('/transaction/order_cancel', { id_order: first.id_order });
    expect(cancelled.rc, cancelled.rd).toBe('00');
    // The inquiry serves a new (VA) order, which is paid and sent.
    const second = await order('VA014', inq, '81812020');
    const paid = await payVa(second.channel.virtual_account_number, second.payment_amount);
    expect(paid.rc, paid.rd).toBe('00');
    await runOrders(t.services);
    expect(await statusOf(second.id_order)).toBe('COMPLETED');
    const line = await t.services.db
      .selectFrom('transfer_order_lines')
      .select('id_transaksi')
      .where('order_id', '=', second.id_order)
      .executeTakeFirstOrThrow();
    expect(line.id_transaksi).toBe(`${second.id_order}-001`);
    const shown = await partner.get('/transaction/order_report_detail', {
      id_order: second.id_order,
    });
    expect(shown.data.list_order[0].id_inquiry).toBe(inq.idtransaksi);

    // The bank still credits the cancelled order's exact total: not PAID, back to the balance once.
    const available = await ledgerOf('merchant_available');
    const funds = await ledgerOf('merchant_order_funds');
    const n = {
      environment: 'production' as const,
      channel: 'BANK_TRANSFER' as const,
      railReference: newRef(),
      paidTo: first.channel.account_number,
      amount: first.payment_amount,
      paidAt: t.clock.now,
    };
    const late = await receivePayment(t.services, n);
    expect(late.accepted).toBe(true);
    const again = await receivePayment(t.services, n);
    expect(again.accepted && again.replayed).toBe(true);
    expect(await statusOf(first.id_order)).toBe('NEW');
    expect(await ledgerOf('merchant_available')).toBe(available + first.payment_amount);
    expect(await ledgerOf('merchant_order_funds')).toBe(funds);
    const report = await runOrders(t.services);
    expect(report.failed).toBe(0);
    await expectLedgerClean();
  });

  it('an expired VA order paid before expiry but notified after it is not paid: the money goes to the balance', async () => {
    const inq = await inquire('8282-3030', '25.000');
    const o = await order('VA008', inq, '82823030');
    const paidAt = t.clock.now;
    t.clock.advance(HOUR_MS + 60_000);
    const available = await ledgerOf('merchant_available');
    const late = await receivePayment(t.services, {
      environment: 'production',
      channel: 'VA',
      railReference: newRef(),
      paidTo: o.channel.virtual_account_number,
      amount: o.payment_amount,
      paidAt,
    });
    expect(late.accepted).toBe(true);
    expect(await statusOf(o.id_order)).toBe('NEW');
    expect(await ledgerOf('merchant_available')).toBe(available + o.payment_amount);
    const row = await t.services.db
      .selectFrom('transactions')
      .select('keterangan_key')
      .where('invoicenumberext', '=', o.id_order)
      .executeTakeFirstOrThrow();
    expect(row.keterangan_key).toBe('transfer.orderPaymentReturned');
    await expectLedgerClean();
  });

  it('a payment of the wrong amount does not pay the order', async () => {
    const inq = await inquire('8383-4040', '30.000');
    const o = await order('VA009', inq, '83834040');
    // An instrument out of step with its order (its bill says one rupiah more).
    await t.services.db
      .updateTable('virtual_accounts')
      .set({ amount: o.payment_amount + 1 })
      .where('partner_reff_id', '=', `ORDER:transfer_order:${o.id_order}`)
      .execute();
    const res = await payVa(o.channel.virtual_account_number, o.payment_amount + 1);
    expect(res.rc).not.toBe('00');
    expect(await statusOf(o.id_order)).toBe('NEW');
  });

  it('the payment callback names its channel: a QRIS order payment goes to the QRIS_PAID URL', async () => {
    const inq = await inquire('8484-5050', '15.000');
    const o = await order('QRIS', inq, '84845050');
    const paid = await payer.post('/dev/simulator/pay', {
      channel: 'qris',
      number: o.channel.qris_payload,
      amount: o.payment_amount,
      environment: 'production',
    });
    expect(paid.rc, paid.rd).toBe('00');
    const cb = await t.services.db
      .selectFrom('callbacks')
      .select(['request_raw', 'type_callback'])
      .where('agent_id', '=', agentId)
      .where('request_raw', 'like', `%${o.id_order}%`)
      .executeTakeFirstOrThrow();
    const body = JSON.parse(cb.request_raw ?? '{}');
    expect(body.channel_kind).toBe('QRIS');
    expect(callbackEventOf(cb.type_callback, body.channel_kind)).toBe('QRIS_PAID');
    await t.services.db
      .insertInto('callback_urls')
      .values({
        agent_id: agentId,
        environment: 'production',
        idinfo: 2,
        type_info: 'QRIS_PAID',
        type_value: 'https://203.0.113.9/qris-order',
        updated_at: t.clock.now,
      })
      .onConflict((oc) =>
        oc
          .columns(['agent_id', 'environment', 'idinfo'])
          .doUpdateSet({ type_value: 'https://203.0.113.9/qris-order' }),
      )
      .execute();
    const target = await callbackTargetFor(
      t.services.db,
      agentId,
      'production',
      cb.type_callback,
      cb.request_raw,
    );
    expect(target?.url).toBe('https://203.0.113.9/qris-order');
  });

  it('the job goes on past an order that throws, and 20+ lines waiting on the bank do not block a newer order', async () => {
    // A: paid, then corrupted (its line's transaction id collides), the oldest PAID order.
    const a = await order('VA014', await inquire('8585-6060', '11.000'), '85856060');
    expect((await payVa(a.channel.virtual_account_number, a.payment_amount)).rc).toBe('00');
    const payment = await t.services.db
      .selectFrom('transactions')
      .select('id_transaksi')
      .where('invoicenumberext', '=', a.id_order)
      .executeTakeFirstOrThrow();
    await t.services.db
      .updateTable('transfer_order_lines')
      .set({ id_transaksi: payment.id_transaksi })
      .where('order_id', '=', a.id_order)
      .execute();
    // B: paid after A; sent by the same pass.
    const b = await order('VA014', await inquire('8686-7070', '12.000'), '86867070');
    expect((await payVa(b.channel.virtual_account_number, b.payment_amount)).rc).toBe('00');
    const report = await runOrders(t.services);
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(a.id_order)).toBe('PAID');
    expect(await statusOf(b.id_order)).toBe('COMPLETED');

    // 21 older orders whose lines wait on the bank, then B back in PROCESS_COMPLETED (all lines final).
    const row = await t.services.db
      .selectFrom('transfer_orders')
      .selectAll()
      .where('id', '=', b.id_order)
      .executeTakeFirstOrThrow();
    const bLine = await t.services.db
      .selectFrom('transfer_order_lines')
      .selectAll()
      .where('order_id', '=', b.id_order)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 21; i++) {
      const id = `BLOCK${process.pid}${String(i).padStart(3, '0')}`;
      await t.services.db
        .insertInto('transfer_orders')
        .values({
          ...row,
          id,
          client_key: null,
          status: 'PROCESS_COMPLETED',
          completed_at: null,
          time_created: new Date(new Date(row.time_created).getTime() - HOUR_MS - i * 1000),
        } as unknown as Insertable<TransferOrdersTable>)
        .execute();
      const { id: _lineId, ...line } = bLine;
      await t.services.db
        .insertInto('transfer_order_lines')
        .values({
          ...line,
          order_id: id,
          id_transaksi: `${id}-001`,
          status: -2,
          transaction_id: null,
        })
        .execute();
    }
    await t.services.db
      .updateTable('transfer_orders')
      .set({ status: 'PROCESS_COMPLETED', completed_at: null })
      .where('id', '=', b.id_order)
      .execute();
    const again = await runOrders(t.services);
    expect(again.settled).toBe(1);
    expect(await statusOf(b.id_order)).toBe('COMPLETED');
  });
});
