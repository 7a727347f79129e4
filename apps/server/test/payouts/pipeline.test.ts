import { checkInvariants } from '@gerbang/ledger';
import { toDestination } from '@gerbang/shared/contract/remittance';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_ROW_PAYOUT } from '../../src/modules/bulk-transfer/payout-kind';
import { runOnce as runBulk } from '../../src/modules/bulk-transfer/runner';
import { postTransferId, voidTransferId } from '../../src/modules/payouts/hold';
import { type PayoutKind, payoutKind } from '../../src/modules/payouts/kinds';
import { runOnce as runRailSweep } from '../../src/modules/payouts/rail-work';
import { REMITTANCE_PAYOUT } from '../../src/modules/remittance/payout-kind';
import { SNAP_TRANSFER_PAYOUT } from '../../src/modules/snap/payout-kind';
import { runOnce as runLeftoverReturn } from '../../src/modules/topup/leftover-return';
import { DEPOSIT_RETURN_PAYOUT } from '../../src/modules/topup/payout-kind';
import { runOnce as runOrders } from '../../src/modules/transfer/disburse';
import { TRANSFER_LINE_PAYOUT } from '../../src/modules/transfer/payout-kind';
import { WITHDRAW_PAYOUT } from '../../src/modules/withdraw/payout-kind';
import { checkedRows, csvOf, PIN } from '../bulk-transfer/helpers';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, PARTNER, TUESDAY_10_WIB } from '../payins/factory';
import { registerPartner, snapClient } from '../snap/partner';
import { bankInquiry, fundAgent, latestOtp, ledgerBalance, prepare } from '../withdraw/factory';

/**
 * Every payout kind through the one payout pipeline, each driven end to end the way its feature
 * runs (the portal's payment, the partner API, a paid order, a bulk group's job, the nightly
 * return), once to a destination the rails simulator pays and once to one it accepts and the
 * bank then rejects (`…9999`, docs/rails-simulator.md). One checker asserts the same trail for
 * every kind:
 *
 *   open    the hold's pending transfers, the `transactions` row inserted as PROCESS, one rail
 *           submission owned by `(source_kind, source_id)`, the opening's audit row
 *   final   submission DONE, the row SUCCESS/Debited or FAILED/Refunded (one status change), the
 *           hold posted or voided, the kind's final audit row and callback row, the feature's own
 *           row moved by `onFinal`, and for a failure the money back in the merchant's balance.
 *
 * The ledger invariants hold after each kind. The clock starts on a Tuesday at 10:00 WIB (banks
 * open); the leftover-deposit return runs last, at 23:30 WIB, and finishes after the banks'
 * nightly window.
 */

const WEDNESDAY_08_WIB = new Date('2026-11-25T08:00:00+07:00');
const DAY_MS = 86_400_000;
/** The partner's top-up account at BCA (seed), paid from the simulator's payer side. */
const BCA_TOPUP_ACCOUNT = '8720155501';
const BULK_FEE = 2_500;

/** What a feature answered for one payout, read from its own rows. */
interface Driven {
  /** Our reference: the transaction's id_transaksi. */
  reference: string;
  /** The feature's row owning the payout (`rail_submissions.source_id`). */
  sourceId: number;
  amount: number;
  fee: number;
  /** The merchant's spendable balance before the feature moved anything. */
  balanceBefore: number;
}

interface PayoutCase {
  descriptor: PayoutKind;
  /** The audit action of the opening. */
  openingAction: string;
  /** `transactions.kind` of the payout's row. */
  transactionKind: string;
  /** The feature's row `onFinal` moves to 1 Success / 2 Failed (kinds with an `onFinal`). */
  featureTable?: 'snap_transfers' | 'transfer_order_lines' | 'disbursement_details' | 'deposits';
  /** The feature's own refund step for a failed payout (`refunded_at` on its row). */
  refundsOnItsRow?: boolean;
  /**
   * Whether a success is paid from the merchant's balance (an order line is paid from the order's
   * funds, which its payer paid in; its failed line comes back to the merchant's balance).
   */
  paidFromBalance: boolean;
  drive(ok: boolean): Promise<Driven>;
}

const REJECTED = 'REJECTED_BY_BANK';

describe.each(testDatabases())('payout pipeline, every kind, on %s', (kind) => {
  let t: TestApp;
  let db: Kysely<any>;
  let portal: TestClient;
  let agentId: number;
  let snap: ReturnType<typeof snapClient>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    db = t.services.db as Kysely<any>;
    portal = await t.loginAs(PARTNER, { lang: 'en' });
    agentId = await agentIdOf(t);
    await fundAgent(t, PARTNER, 30_000_000);
    snap = snapClient(t, await registerPartner(t, portal, { ips: '127.0.0.1' }));
    // Logs how each transactions row was inserted and every status change after: "PROCESS at
    // open, then one final state" is measured, not assumed.
    await sql`CREATE TABLE test_trx_statuses (id_transaksi text, op text, old_status text, new_status text)`.execute(
      db,
    );
    await sql
      .raw(`CREATE FUNCTION test_log_trx_status() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            INSERT INTO test_trx_statuses VALUES (NEW.id_transaksi, TG_OP, NULL, NEW.status_trx);
          ELSIF NEW.status_trx IS DISTINCT FROM OLD.status_trx THEN
            INSERT INTO test_trx_statuses VALUES (NEW.id_transaksi, TG_OP, OLD.status_trx, NEW.status_trx);
          END IF;
          RETURN NEW;
        END $$`)
      .execute(db);
    await sql`CREATE TRIGGER test_log_trx_status AFTER INSERT OR UPDATE ON transactions FOR EACH ROW EXECUTE FUNCTION test_log_trx_status()`.execute(
      db,
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const balance = () => ledgerBalance(t, PARTNER);

  const detailOf = (detail: unknown): Record<string, unknown> =>
    typeof detail === 'string' ? JSON.parse(detail) : (detail as Record<string, unknown>);

  async function idOf(table: string, column: string, value: string): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where(column, '=', value)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The one trail every payout kind leaves, opening to final. */
  async function expectTrail(c: PayoutCase, d: Driven, ok: boolean) {
    const { descriptor } = c;
    const status = ok ? 'SUCCESS' : 'FAILED';

    // The rail submission, owned by the kind and the feature's row, closed.
    const submissions = await db
      .selectFrom('rail_submissions')
      .selectAll()
      .where('reference', '=', d.reference)
      .execute();
    expect(submissions).toHaveLength(1);
    const submission = submissions[0];
    expect({
      source_kind: submission.source_kind,
      source_id: Number(submission.source_id),
      state: submission.state,
    }).toEqual({ source_kind: descriptor.kind, source_id: d.sourceId, state: 'DONE' });

    // The transactions row: PROCESS at open, then one final state.
    const trx = await db
      .selectFrom('transactions')
      .select([
        'id',
        'agent_id',
        'kind',
        'jenis_trx',
        'status_trx',
        'is_void',
        'response_code',
        'nominal_origin',
        'nominal_admin',
        'ledger_transfer_id',
      ])
      .where('id_transaksi', '=', d.reference)
      .execute();
    expect(trx).toHaveLength(1);
    const { id: transactionId, ledger_transfer_id: ledgerTransferId, ...row } = trx[0];
    expect(Number(submission.transaction_id)).toBe(Number(transactionId));
    expect({ ...row, agent_id: Number(row.agent_id) }).toEqual({
      agent_id: agentId,
      kind: c.transactionKind,
      jenis_trx: 'CASH OUT',
      status_trx: status,
      is_void: ok ? 'Debited' : 'Refunded',
      response_code: ok ? '00' : REJECTED,
      nominal_origin: d.amount,
      nominal_admin: d.fee,
    });
    const statuses = await db
      .selectFrom('test_trx_statuses')
      .select(['op', 'old_status', 'new_status'])
      .where('id_transaksi', '=', d.reference)
      .execute();
    expect(statuses).toEqual([
      { op: 'INSERT', old_status: null, new_status: 'PROCESS' },
      { op: 'UPDATE', old_status: 'PROCESS', new_status: status },
    ]);

    // The hold: its pending transfers (amount and fee in rupiah), posted or voided as a whole.
    const pendingIds = String(submission.pending_transfer_ids).split(',').filter(Boolean);
    expect(pendingIds.length).toBeGreaterThan(0);
    let heldRupiah = 0;
    for (const pendingId of pendingIds) {
      const pending = await t.services.ledger.getTransfer(pendingId);
      expect(pending, pendingId).toBeDefined();
      expect(pending?.reference).toBe(d.reference);
      expect(pending?.status).toBe(ok ? 'posted' : 'voided');
      if (pending?.currency === 'IDR') heldRupiah += pending.amount;
      const posted = await t.services.ledger.getTransfer(postTransferId(pendingId));
      const voided = await t.services.ledger.getTransfer(voidTransferId(pendingId));
      expect({ posted: posted !== undefined, voided: voided !== undefined }).toEqual({
        posted: ok,
        voided: !ok,
      });
    }
    expect(heldRupiah).toBe(d.amount + d.fee);
    // The row names the hold's first transfer (the amount), as the mutation pages link it.
    expect(ledgerTransferId).toBe(pendingIds[0]);

    // The audit rows: the opening's and the kind's final one, both on our reference.
    const audits = await db
      .selectFrom('audit_log')
      .select(['action', 'agent_id', 'environment', 'detail'])
      .where('target', '=', d.reference)
      .where('action', 'in', [c.openingAction, descriptor.auditAction])
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.action, Number(a.agent_id), a.environment])).toEqual([
      [c.openingAction, agentId, 'production'],
      [descriptor.auditAction, agentId, 'production'],
    ]);
    expect(detailOf(audits[1]?.detail)).toMatchObject({
      source_kind: descriptor.kind,
      source_id: d.sourceId,
      status,
      reason: ok ? null : REJECTED,
      amount: d.amount,
      fee: d.fee,
    });

    // One callback row, of the kind's type, saying the final state.
    const callbacks = await db
      .selectFrom('callbacks')
      .select(['type_callback', 'request_raw'])
      .where('id_transaksi', '=', d.reference)
      .execute();
    expect(callbacks.map((cb) => cb.type_callback)).toEqual([descriptor.callbackType]);
    expect(JSON.parse(callbacks[0].request_raw)).toMatchObject({
      id_transaksi: d.reference,
      status_trx: status,
      nominal: d.amount,
      nominal_admin: d.fee,
    });

    // The feature's own row, moved by the kind's onFinal (and refunded by its refund step).
    expect(c.featureTable !== undefined).toBe(descriptor.onFinal !== undefined);
    if (c.featureTable) {
      const row = await db
        .selectFrom(c.featureTable)
        .selectAll()
        .where('id', '=', d.sourceId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(ok ? 1 : 2);
      if (c.refundsOnItsRow) expect(row.refunded_at !== null).toBe(!ok);
    }

    // The merchant's balance: a success spends amount and fee; a failure gives them back.
    const spent = c.paidFromBalance ? d.amount + d.fee : 0;
    expect(await balance()).toBe(d.balanceBefore - spent + (ok ? 0 : d.amount + d.fee));
  }

  async function expectLedgerClean() {
    const report = await checkInvariants(t.services.db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  }

  const withdraw: PayoutCase = {
    descriptor: WITHDRAW_PAYOUT,
    openingAction: 'withdraw_payment',
    transactionKind: 'WITHDRAW',
    paidFromBalance: true,
    async drive(ok) {
      const balanceBefore = await balance();
      const number = ok ? '1234500011' : '1234509999';
      const paid = await prepare(portal, bankInquiry({ number, nominal: '100.000' }));
      const res = await portal.post('/transaction/cashout_payment', paid.payment);
      expect(res.rc, res.rd).toBe('00');
      expect(res.data.status_trx).toBe(ok ? 'SUCCESS' : 'FAILED');
      const reference = paid.inquiry.idtransaksi as string;
      return {
        reference,
        sourceId: await idOf('withdraw_inquiries', 'id_transaksi', reference),
        amount: 100_000,
        fee: Number(paid.inquiry.nominal_admin),
        balanceBefore,
      };
    },
  };

  const snapTransfer: PayoutCase = {
    descriptor: SNAP_TRANSFER_PAYOUT,
    openingAction: 'snap_transfer',
    transactionKind: 'WITHDRAW',
    featureTable: 'snap_transfers',
    paidFromBalance: true,
    async drive(ok) {
      const balanceBefore = await balance();
      const partnerReferenceNo = ok ? 'PIPELINE-OK' : 'PIPELINE-FAIL';
      const res = await snap.call(
        '/snap/v1.0/transfer-interbank',
        {
          partnerReferenceNo,
          amount: { value: '150000.00', currency: 'IDR' },
          beneficiaryAccountNo: ok ? '2234500011' : '2234509999',
          beneficiaryBankCode: '014',
          sourceAccountNo: '',
          transactionDate: '2026-11-24T10:00:00+07:00',
          additionalInfo: {},
        },
        { token: await snap.token() },
      );
      // A transfer the bank rejected answers "not permitted" (latestTransactionStatus 06).
      expect(res.body.responseCode, JSON.stringify(res.body)).toBe(ok ? '2001800' : '4031815');
      const row = await db
        .selectFrom('snap_transfers')
        .select(['id', 'id_transaksi', 'amount', 'fee'])
        .where('partner_reference_no', '=', partnerReferenceNo)
        .executeTakeFirstOrThrow();
      if (ok) expect(res.body.additionalInfo.fee.value).toBe(`${row.fee}.00`);
      return {
        reference: row.id_transaksi,
        sourceId: Number(row.id),
        amount: Number(row.amount),
        fee: Number(row.fee),
        balanceBefore,
      };
    },
  };

  const transferLine: PayoutCase = {
    descriptor: TRANSFER_LINE_PAYOUT,
    openingAction: 'transfer_line_sent',
    transactionKind: 'TRANSFER',
    featureTable: 'transfer_order_lines',
    refundsOnItsRow: true,
    paidFromBalance: false,
    async drive(ok) {
      const number = ok ? '3234500011' : '3234509999';
      const inquiry = await portal.post('/transaction/cashout_inquiry', {
        ...bankInquiry({ number, nominal: '80.000', sendername: '' }),
        type_inq: 'domestic',
      });
      expect(inquiry.rc, inquiry.rd).toBe('00');
      const created = await portal.post('/transaction/order_create', {
        client_key: `pipeline-${kind}-${ok}`,
        description: '',
        id_channel: 'VA014',
        list_order: [
          {
            account_number: number,
            bank_code: '014',
            amount: inquiry.data.nominal,
            remark: 'pipeline',
            id_inquiry: inquiry.data.idtransaksi,
          },
        ],
      });
      expect(created.rc, created.rd).toBe('00');
      const order = created.data;
      const balanceBefore = await balance();
      const paid = await t.client().post('/dev/simulator/pay', {
        channel: 'va',
        number: order.channel.virtual_account_number,
        amount: order.payment_amount,
        environment: 'production',
      });
      expect(paid.rc, paid.rd).toBe('00');
      // The detail page nudges the order on; the job sends what no request did.
      await portal.get('/transaction/order_report_detail', { id_order: order.id_order });
      await runOrders(t.services);
      const detail = await portal.get('/transaction/order_report_detail', {
        id_order: order.id_order,
      });
      expect(detail.data.status).toBe(ok ? 'COMPLETED' : 'FAILED');
      const line = await db
        .selectFrom('transfer_order_lines')
        .select(['id', 'id_transaksi', 'amount'])
        .where('order_id', '=', order.id_order)
        .executeTakeFirstOrThrow();
      return {
        reference: line.id_transaksi,
        sourceId: Number(line.id),
        amount: Number(line.amount),
        // The order's fees are the order's chain; a line carries its amount only.
        fee: 0,
        balanceBefore,
      };
    },
  };

  const bulkRow: PayoutCase = {
    descriptor: BULK_ROW_PAYOUT,
    openingAction: 'bulk_transfer_row_sent',
    transactionKind: 'TRANSFER',
    featureTable: 'disbursement_details',
    refundsOnItsRow: true,
    paidFromBalance: true,
    async drive(ok) {
      const balanceBefore = await balance();
      const checked = await checkedRows(portal, csvOf(1, ok ? [] : [1], 90_000));
      const saved = await portal.post('/transaction/cashout_save', {
        saved_data: checked.saved,
        pin: PIN,
        group_name: `Pipeline ${ok ? 'ok' : 'fail'}`,
        group_desc: 'pipeline',
        token: checked.token.checksum,
        uuid_user: checked.token.uuid_user,
      });
      expect(saved.rc, saved.rd).toBe('00');
      const groupId = saved.data.group_id as number;
      for (let pass = 0; pass < 10; pass++) {
        await runBulk(t.services);
        const group = await db
          .selectFrom('disbursement_groups')
          .select('status')
          .where('id', '=', groupId)
          .executeTakeFirstOrThrow();
        if (group.status === 'DONE') break;
      }
      const row = await db
        .selectFrom('disbursement_details')
        .select(['id', 'id_transaksi', 'nominal', 'admin_fee'])
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      expect(Number(row.admin_fee)).toBe(BULK_FEE);
      return {
        reference: row.id_transaksi,
        sourceId: Number(row.id),
        amount: Number(row.nominal),
        fee: Number(row.admin_fee),
        balanceBefore,
      };
    },
  };

  const remittance: PayoutCase = {
    descriptor: REMITTANCE_PAYOUT,
    openingAction: 'remittance_payment',
    transactionKind: 'REMITTANCE',
    paidFromBalance: true,
    async drive(ok) {
      const balanceBefore = await balance();
      const list = await portal.get('/transaction/list_currency_country');
      const rate = (list.data as Array<{ currency: string; selling_rate: number }>).find(
        (r) => r.currency === 'SGD',
      )?.selling_rate as number;
      const nominal = 1_000_000;
      const inquiry = await portal.post('/transaction/cashout_inquiry_remittance', {
        country_destination: 'SG',
        currency: 'SGD',
        nominal: String(nominal),
        nominal_destination: String(toDestination(nominal, rate)),
        account_number: ok ? '0012345678' : '0012349999',
        city: 'Singapore',
        address: '1 Raffles Place',
        id_number_receiver: 'S1234567D',
        swift_code: 'DBSSSGSG',
        anrekening: 'Tan Wei Ming',
        password: DEMO_PASSWORD,
        kodebanktujuan: 'SG-DBS',
        purposetransaction: 'FAMILY',
        phonenumberreceiver: '+6591234567',
        ifscode: '',
        nationality: 'SG',
      });
      expect(inquiry.rc, inquiry.rd).toBe('00');
      const res = await portal.post('/transaction/cashout_payment_remittance', {
        pin: await latestOtp(portal),
        reff_id: inquiry.data.idtransaksi,
        checksum: inquiry.data.checksum,
        uuid_user: inquiry.data.uuid_user,
        number: ok ? '0012345678' : '0012349999',
        nominal: inquiry.data.nominal,
      });
      expect(res.rc, res.rd).toBe('00');
      expect(res.data.status_trx).toBe(ok ? 'SUCCESS' : 'FAILED');
      const row = await db
        .selectFrom('remittance_inquiries')
        .select(['id', 'id_transaksi', 'amount', 'admin_fee'])
        .where('id_transaksi', '=', inquiry.data.idtransaksi)
        .executeTakeFirstOrThrow();
      return {
        reference: row.id_transaksi,
        sourceId: Number(row.id),
        amount: Number(row.amount),
        fee: Number(row.admin_fee),
        balanceBefore,
      };
    },
  };

  /**
   * A day's top-up returned at 23:30 WIB; the bank queues it for its nightly window and the rail
   * sweep finishes it after 06:00. Each run is a new day (one return per agent and day).
   */
  let returnDay = WEDNESDAY_08_WIB;
  const depositReturn: PayoutCase = {
    descriptor: DEPOSIT_RETURN_PAYOUT,
    openingAction: 'deposit_return',
    transactionKind: 'DEPOSIT_RETURN',
    featureTable: 'deposits',
    paidFromBalance: true,
    async drive(ok) {
      const morning = returnDay;
      returnDay = new Date(returnDay.getTime() + DAY_MS);
      t.clock.set(morning);
      await db
        .updateTable('business_profiles')
        .set({ no_rek_bank: ok ? '5270 881 234' : '5270 88 9999' })
        .where('agent_id', '=', agentId)
        .execute();
      const client = await t.loginAs(PARTNER, { lang: 'en' });
      const topup = await client.post('/transaction/topup', {
        kodeBank: '014',
        nominal: '200000',
        password: DEMO_PASSWORD,
      });
      expect(topup.rc, topup.rd).toBe('00');
      const paid = await t.client({ lang: 'en' }).post('/dev/simulator/pay', {
        channel: 'bank_transfer',
        number: BCA_TOPUP_ACCOUNT,
        amount: topup.data.nominalTransfer,
      });
      expect(paid.data).toMatchObject({ outcome: 'available' });
      const balanceBefore = await balance();

      t.clock.set(new Date(morning.getTime() + (15 * 60 + 30) * 60_000)); // 23:30 WIB
      const report = await runLeftoverReturn(t.services);
      expect(report).toMatchObject({ returned: 1, total: topup.data.nominalTransfer, failed: 0 });
      t.clock.set(new Date(morning.getTime() + (22 * 60 + 30) * 60_000)); // 06:30 WIB next day
      for (let i = 0; i < 3; i++) await runRailSweep(t.services);

      const row = await db
        .selectFrom('deposits')
        .select(['id', 'id_deposit', 'nominal'])
        .where('agent_id', '=', agentId)
        .where('kind', '=', 'return')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return {
        reference: row.id_deposit,
        sourceId: Number(row.id),
        amount: Number(row.nominal),
        fee: 0,
        balanceBefore,
      };
    },
  };

  // The nightly return moves the clock on by days: it runs last.
  const cases = [withdraw, snapTransfer, transferLine, bulkRow, remittance, depositReturn];

  it('drives each registered payout kind once: the descriptors the app registered', () => {
    expect(new Set(cases.map((c) => c.descriptor.kind)).size).toBe(cases.length);
    for (const c of cases) expect(payoutKind(c.descriptor.kind)).toBe(c.descriptor);
  });

  for (const c of cases) {
    it(`${c.descriptor.kind}: the same trail for a paid and a bank-rejected payout`, async () => {
      const paid = await c.drive(true);
      await expectTrail(c, paid, true);
      const rejected = await c.drive(false);
      await expectTrail(c, rejected, false);
      await expectLedgerClean();
    });
  }
});
