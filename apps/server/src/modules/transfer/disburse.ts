/**
 * Sending a paid order on (spec 02 §4 "Domestic transfer", "Transfer order statuses"):
 *
 *   PAID ──disburseOrder (one transaction)──► PROCESS_COMPLETED
 *       order chain (voucher, fees, unique code) → per line: payout hold, PROCESS transaction row,
 *       rail submission ('transfer_order_line', line id); after the commit the rail is called.
 *   PROCESS_COMPLETED ──settleOrder, once every line is final──► COMPLETED (all lines sent) or
 *       FAILED (a line failed); each failed line's amount goes back to the balance once.
 *
 * The payout block's finalize moves each line to 1 Success / 2 Failed (posting or voiding its
 * hold); bank downtime (23:00–06:00 WIB) keeps a line in process until the bank's morning.
 * Both steps are safe to repeat and to run from several processes: the order row is locked and
 * moved by conditional updates, and every ledger id derives from the order.
 */

import { isTransferOk } from '@gerbang/ledger';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { jobActor } from '../../platform/actor';
import { ORDER_FUNDS_ACCOUNT } from '../payins/orders';
import { PAYOUT_ACCOUNT } from '../payouts/accounts';
import { openPayouts, type PayoutOpening } from '../payouts/open';
import { advanceIfDue, advanceSubmission } from '../payouts/rail-work';
import type { SubmissionRow } from '../payouts/submissions';
import { TRANSFER_LINE_PAYOUT } from './payout-kind';
import { linePostings, orderPostings, refundPosting } from './postings';
import { LINE_STATUS, type TransferOrderLinesTable, type TransferOrdersTable } from './tables';

type OrderRow = Selectable<TransferOrdersTable>;
/** A line and the saved beneficiary its inquiry was made for (for the name check). */
type LineRow = Selectable<TransferOrderLinesTable> & {
  beneficiary_id: number | null;
  beneficiary_name: string | null;
};
type Trx = Transaction<Database>;

/** The provider's promotion account a voucher is paid from (system, may go negative). */
export const PROMO_ACCOUNT = 'promo_expense';
/** Orders one job pass looks at. */
const BATCH = 20;

async function orderAccounts(services: Services, trx: Trx, order: OrderRow) {
  const payer = { agentId: order.agent_id, environment: order.environment };
  const [funds, available, fees, promo] = await services.ledger.ensureAccounts(
    [
      { kind: ORDER_FUNDS_ACCOUNT, ...payer },
      { kind: PAYOUT_ACCOUNT.available, ...payer },
      { kind: PAYOUT_ACCOUNT.fees, environment: order.environment },
      { kind: PROMO_ACCOUNT, environment: order.environment },
    ],
    { trx },
  );
  if (!funds || !available || !fees || !promo) throw new Error('order accounts missing');
  return { funds: funds.id, available: available.id, fees: fees.id, promo: promo.id };
}

async function lockOrder(trx: Trx, id: string, status: OrderRow['status']) {
  return trx
    .selectFrom('transfer_orders')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', status)
    .forUpdate()
    .executeTakeFirst();
}

async function linesOf(db: Kysely<Database>, orderId: string): Promise<LineRow[]> {
  return db
    .selectFrom('transfer_order_lines as l')
    .leftJoin('withdraw_inquiries as i', 'i.id', 'l.inquiry_id')
    .selectAll('l')
    .select(['i.beneficiary_id', 'i.beneficiary_name'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.line_no')
    .execute();
}

/** The order's own chain: voucher in, fees out, unique code back to the balance. */
async function bookOrderChain(services: Services, trx: Trx, order: OrderRow) {
  const accounts = await orderAccounts(services, trx, order);
  const transfers = orderPostings(
    {
      id: order.id,
      adminFee: Number(order.fee_admin),
      serviceFee: Number(order.service_fee),
      voucherAmount: Number(order.voucher_amount),
      uniqueAmount: Number(order.unique_amount),
    },
    accounts,
  );
  if (transfers.length === 0) return accounts;
  const results = await services.ledger.createTransfers(transfers, { trx });
  if (!results.every(isTransferOk)) {
    throw new Error(`ledger refused order ${order.id}: ${results.map((r) => r.result).join(',')}`);
  }
  return accounts;
}

/** One line's payout: the order's funds to the bank's clearing, booked for the order's maker. */
async function lineOpening(
  services: Services,
  trx: Trx,
  order: OrderRow,
  line: LineRow,
  funds: number,
): Promise<PayoutOpening> {
  const [clearing] = await services.ledger.ensureAccounts(
    [{ kind: PAYOUT_ACCOUNT.railClearing, subkey: line.rail_code, environment: order.environment }],
    { trx },
  );
  if (!clearing) throw new Error('rail clearing account missing');
  const amount = Number(line.amount);
  const transfers = linePostings(
    {
      orderId: order.id,
      lineNo: line.line_no,
      idTransaksi: line.id_transaksi,
      amount,
      productName: line.bank_name,
      accountNumber: line.account_number,
      accountName: line.account_name,
    },
    { funds, clearing: clearing.id },
  );
  return {
    source: { kind: TRANSFER_LINE_PAYOUT.kind, id: line.id },
    payer: { agentId: order.agent_id, environment: order.environment },
    userId: order.user_id,
    reference: line.id_transaksi,
    destination: {
      rail: line.rail,
      railCode: line.rail_code,
      accountType: line.account_type,
      accountNumber: line.account_number,
      amount,
    },
    transfers,
    record: {
      kind: 'TRANSFER',
      productGroup: 'TRANSFER',
      productCode: 'TRANSFERBANK',
      productName: line.bank_name,
      bankCode: line.bank_code,
      accountDetail: line.account_type,
      accountName: line.account_name,
      amount,
      fee: 0,
      note: line.remark,
      description: {
        key: 'transfer.lineSent',
        params: { orderId: order.id, bank: line.bank_name, account: line.account_number },
      },
      orderReference: order.id,
    },
    audit: { action: 'transfer_line_sent', detail: { order_id: order.id, line_no: line.line_no } },
    beneficiary:
      line.beneficiary_id === null
        ? null
        : { id: Number(line.beneficiary_id), savedName: line.beneficiary_name ?? '' },
    leased: true,
  };
}

/** Every line's payout in one batch, each line moved to on-process with its transaction row. */
async function sendLines(
  services: Services,
  trx: Trx,
  order: OrderRow,
  funds: number,
  now: Date,
): Promise<SubmissionRow[]> {
  const lines = await linesOf(trx, order.id);
  const openings: PayoutOpening[] = [];
  for (const line of lines) openings.push(await lineOpening(services, trx, order, line, funds));
  const opened = await openPayouts(services, trx, jobActor('transfer_orders'), now, openings);
  if (!opened.ok) throw new Error(`order ${order.id} funds short for its lines`);
  const transactionOf = new Map(opened.submissions.map((s) => [s.source_id, s.transaction_id]));
  for (const line of lines) {
    await trx
      .updateTable('transfer_order_lines')
      .set({ status: LINE_STATUS.onProcess, transaction_id: transactionOf.get(line.id) ?? null })
      .where('id', '=', line.id)
      .execute();
  }
  return opened.submissions;
}

/**
 * PAID → PROCESS_COMPLETED: books the order chain and places every line's payout, in one
 * transaction; then calls the rail for each line. Answers false when the order was not PAID.
 */
export async function disburseOrder(services: Services, orderId: string): Promise<boolean> {
  const now = services.now();
  const submissions = await services.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, 'PAID');
    if (!order) return null;
    const accounts = await bookOrderChain(services, trx, order);
    const sent = await sendLines(services, trx, order, accounts.funds, now);
    await trx
      .updateTable('transfer_orders')
      .set({ status: 'PROCESS_COMPLETED', disbursed_at: now })
      .where('id', '=', order.id)
      .execute();
    return sent;
  });
  if (!submissions) return false;
  for (const submission of submissions) await advanceSubmission(services, submission);
  await settleOrder(services, orderId);
  return true;
}

/**
 * Refunds failed lines (once each) and, when every line is final, ends the order: COMPLETED when
 * all were sent, FAILED otherwise. Answers the order's status after the step.
 */
export async function settleOrder(services: Services, orderId: string): Promise<string | null> {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, 'PROCESS_COMPLETED');
    if (!order) return null;
    const lines = await linesOf(trx, order.id);
    const toRefund = lines.filter((l) => l.status === LINE_STATUS.failed && !l.refunded_at);
    if (toRefund.length > 0) {
      const accounts = await orderAccounts(services, trx, order);
      for (const line of toRefund) {
        const refund = refundPosting(
          {
            orderId: order.id,
            lineNo: line.line_no,
            amount: Number(line.amount),
            idTransaksi: line.id_transaksi,
          },
          accounts,
        );
        const result = await services.ledger.createTransfer(refund, { trx });
        if (!isTransferOk(result)) throw new Error(`ledger refused ${refund.id}: ${result.result}`);
        await trx
          .updateTable('transfer_order_lines')
          .set({ refunded_at: now })
          .where('id', '=', line.id)
          .execute();
      }
    }
    const final = lines.every(
      (l) => l.status === LINE_STATUS.success || l.status === LINE_STATUS.failed,
    );
    if (!final) return order.status;
    const status = lines.every((l) => l.status === LINE_STATUS.success) ? 'COMPLETED' : 'FAILED';
    await trx
      .updateTable('transfer_orders')
      .set({ status, completed_at: now })
      .where('id', '=', order.id)
      .execute();
    return status;
  });
}

/** The detail call's nudge: move this order as far as it can go now. */
export async function advanceOrder(services: Services, order: OrderRow): Promise<void> {
  if (order.status === 'PAID') {
    await disburseOrder(services, order.id);
    return;
  }
  if (order.status !== 'PROCESS_COMPLETED') return;
  for (const line of await linesOf(services.db, order.id)) {
    if (line.transaction_id && line.status === LINE_STATUS.onProcess) {
      await advanceIfDue(services, line.transaction_id);
    }
  }
  await settleOrder(services, order.id);
}

export interface TransferOrdersReport {
  disbursed: number;
  settled: number;
  /** Orders whose step threw this pass (logged; the others went on). */
  failed: number;
}

/** PAID orders the pass sends, oldest first. */
async function paidOrders(services: Services): Promise<string[]> {
  const rows = await services.db
    .selectFrom('transfer_orders')
    .select('id')
    .where('status', '=', 'PAID')
    .orderBy('time_created')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * PROCESS_COMPLETED orders with something to do: every line final (the order ends), or a failed
 * line not refunded yet. Orders whose lines still wait on the bank (its 23:00–06:00 WIB queue)
 * are not picked, so they never crowd out the others.
 */
async function settleableOrders(services: Services): Promise<string[]> {
  const rows = await services.db
    .selectFrom('transfer_orders as o')
    .select('o.id')
    .where('o.status', '=', 'PROCESS_COMPLETED')
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('transfer_order_lines as l')
              .select('l.id')
              .whereRef('l.order_id', '=', 'o.id')
              .where('l.status', 'not in', [LINE_STATUS.success, LINE_STATUS.failed]),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('transfer_order_lines as l')
            .select('l.id')
            .whereRef('l.order_id', '=', 'o.id')
            .where('l.status', '=', LINE_STATUS.failed)
            .where('l.refunded_at', 'is', null),
        ),
      ]),
    )
    .orderBy('o.time_created')
    .orderBy('o.id')
    .limit(BATCH)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The jobs loop's entry (jobs/transfer-orders.ts): sends paid orders a request did not send (a
 * crash after the payment), and ends orders whose lines the rail sweep finished. Each order is its
 * own step: one that throws is logged and skipped, and the pass goes on with the others.
 */
export async function runOnce(services: Services): Promise<TransferOrdersReport> {
  const report: TransferOrdersReport = { disbursed: 0, settled: 0, failed: 0 };
  for (const id of await paidOrders(services)) {
    try {
      if (await disburseOrder(services, id)) report.disbursed += 1;
    } catch (error) {
      report.failed += 1;
      services.log.error({ err: error, orderId: id }, 'transfer order disburse failed');
    }
  }
  for (const id of await settleableOrders(services)) {
    try {
      const status = await settleOrder(services, id);
      if (status === 'COMPLETED' || status === 'FAILED') report.settled += 1;
    } catch (error) {
      report.failed += 1;
      services.log.error({ err: error, orderId: id }, 'transfer order settle failed');
    }
  }
  return report;
}
