import { checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRailSweep } from '../../src/modules/payouts/rail-work';
import { runOnce as runOrders } from '../../src/modules/transfer/disburse';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { PARTNER } from '../payins/factory';

/** A Tuesday, 23:30 WIB: inside the banks' nightly window (spec 02 §9: 23:00–06:00 WIB). */
const TUESDAY_2330_WIB = new Date('2026-11-24T23:30:00+07:00');

/**
 * Spec 02 §9 bank downtime: an order paid at night is sent, the bank queues its line (-1 Queue,
 * order in transfer process, money held), and the line completes after 06:00 WIB.
 */
describe.each(testDatabases())('domestic transfer during bank downtime on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_2330_WIB });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('queues the line at night and completes it in the morning', async () => {
    const partner = await t.loginAs(PARTNER, { lang: 'en' });
    const payer = t.client({ lang: 'en' });
    const inquiry = await partner.post('/transaction/cashout_inquiry', {
      code: '014',
      number: '1234-5678',
      nominal: '60.000',
      password: DEMO_PASSWORD,
      recaptcha: '',
      type_inq: 'domestic',
    });
    expect(inquiry.rc, inquiry.rd).toBe('00');
    const created = await partner.post('/transaction/order_create', {
      client_key: `night-${process.pid}`,
      id_channel: 'VA014',
      list_order: [
        {
          account_number: '12345678',
          bank_code: '014',
          amount: 60_000,
          remark: '',
          id_inquiry: inquiry.data.idtransaksi,
        },
      ],
    });
    expect(created.rc, created.rd).toBe('00');
    const paid = await payer.post('/dev/simulator/pay', {
      channel: 'va',
      number: created.data.channel.virtual_account_number,
      amount: created.data.payment_amount,
      environment: 'production',
    });
    expect(paid.rc, paid.rd).toBe('00');
    const night = await partner.get('/transaction/order_report_detail', {
      id_order: created.data.id_order,
    });
    expect(night.data.status).toBe('PROCESS_COMPLETED');
    expect(night.data.list_order[0].status).toBe(-1);

    t.clock.set(new Date('2026-11-25T06:30:00+07:00'));
    await runRailSweep(t.services);
    await runOrders(t.services);
    const row = await t.services.db
      .selectFrom('transfer_orders')
      .select('status')
      .where('id', '=', created.data.id_order)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('COMPLETED');
    const report = await checkInvariants(t.services.db);
    expect(report.violations).toEqual([]);
  });
});
