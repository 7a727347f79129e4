/**
 * The one handler of inbound payments (rails port `InboundPaymentHandler`): a real connector and
 * the simulator's payer page call it the same way. Idempotent on the bank's reference: the
 * receipt row (unique per environment, channel and reference) is the first write of the receiving
 * transaction, so a replay, even a concurrent one, finds it and moves no money.
 *
 * Steps: check the notification → replay? → in one transaction: claim the receipt, lock and check
 * what was paid, price it, book it (ledger chain and rows). A refusal rolls everything back.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type {
  InboundPaymentHandler,
  InboundPaymentNotification,
  InboundPaymentResult,
} from '../../rails';
import { receiveBankTransfer } from './bank-transfer';
import { bookHeldPayment } from './book';
import { bookTargetOrderPayment, orderOf } from './orders';
import { runPaidHooks } from './paid-hooks';
import { pricePayin } from './pricing';
import { settleHoldNow } from './settlement';
import type { PayinReceiptsTable } from './tables';
import { isDepositVaTarget, lockTarget, PayinRefused } from './targets';

type ReceiveServices = Pick<Services, 'db' | 'now' | 'ledger'>;
type Trx = Kysely<Database>;

/** Bounds of what a notification may carry (the ledger's own bounds are wider). */
export const RECEIVE_LIMITS = {
  referenceLengthMax: 64,
  paidToLengthMax: 512,
  amountMax: 10_000_000_000,
} as const;

function malformed(n: InboundPaymentNotification): boolean {
  return (
    !Number.isSafeInteger(n.amount) ||
    n.amount <= 0 ||
    n.amount > RECEIVE_LIMITS.amountMax ||
    n.railReference.trim() === '' ||
    n.railReference.length > RECEIVE_LIMITS.referenceLengthMax ||
    n.paidTo.trim() === '' ||
    n.paidTo.length > RECEIVE_LIMITS.paidToLengthMax ||
    Number.isNaN(n.paidAt.getTime())
  );
}

async function findReceipt(
  db: Kysely<Database>,
  n: InboundPaymentNotification,
): Promise<Selectable<PayinReceiptsTable> | undefined> {
  return db
    .selectFrom('payin_receipts')
    .selectAll()
    .where('environment', '=', n.environment)
    .where('channel', '=', n.channel)
    .where('rail_reference', '=', n.railReference)
    .executeTakeFirst();
}

/** The answer to a reference seen before; the same reference for another payment is refused. */
function replayOf(
  stored: Selectable<PayinReceiptsTable>,
  n: InboundPaymentNotification,
): InboundPaymentResult {
  if (stored.paid_to !== n.paidTo.trim() || stored.amount !== n.amount) {
    return { accepted: false, reason: 'REFERENCE_CONFLICT' };
  }
  return {
    accepted: true,
    idTransaksi: stored.id_transaksi ?? '',
    replayed: true,
    outcome: stored.outcome,
  };
}

/**
 * The receipt of a notification (pure): claimed with outcome `held` before booking, then
 * completed with what booking answered (`booked`); the seed writes it complete.
 */
export function receiptRow(
  n: InboundPaymentNotification,
  now: Date,
  booked?: { idTransaksi: string; agentId: number | null; outcome: Booked['outcome'] },
): Insertable<PayinReceiptsTable> {
  return {
    environment: n.environment,
    channel: n.channel,
    rail_reference: n.railReference,
    paid_to: n.paidTo.trim(),
    amount: n.amount,
    paid_at: n.paidAt,
    agent_id: booked?.agentId ?? null,
    id_transaksi: booked?.idTransaksi ?? null,
    outcome: booked?.outcome ?? 'held',
    created_at: now,
  };
}

/** First write of the transaction; null when another delivery of the reference holds it. */
async function claimReceipt(trx: Trx, now: Date, n: InboundPaymentNotification) {
  const row = await trx
    .insertInto('payin_receipts')
    .values(receiptRow(n, now))
    .onConflict((oc) => oc.columns(['environment', 'channel', 'rail_reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

type Booked = {
  idTransaksi: string;
  agentId: number | null;
  outcome: 'held' | 'available' | 'suspense';
};

async function bookPayment(
  services: ReceiveServices,
  trx: Trx,
  n: InboundPaymentNotification,
): Promise<Booked> {
  if (n.channel === 'BANK_TRANSFER') return receiveBankTransfer(services, trx, n);
  const target = await lockTarget(trx, n);
  // An instrument issued for an order (a transfer order): the order takes the whole amount.
  const order = orderOf(target.partnerReff);
  if (order) {
    const idTransaksi = await bookTargetOrderPayment(services, trx, target, order, n);
    return { idTransaksi, agentId: target.agentId, outcome: 'available' };
  }
  const price = await pricePayin(trx, target.agentId, target.channelCode, n.amount);
  if (price.disrupted) throw new PayinRefused('CHANNEL_DISRUPTED');
  if (n.amount <= price.fee) throw new PayinRefused('AMOUNT_TOO_SMALL');
  const idTransaksi = await bookHeldPayment(services, trx, target, price, n);
  await runPaidHooks(services, trx, {
    target,
    idTransaksi,
    amount: n.amount,
    fee: price.fee,
    paidAt: n.paidAt,
  });
  // A top-up to the agent's own deposit VA is available at payment; merchant sales wait for
  // their channel's settlement date.
  if (isDepositVaTarget(target)) {
    await settleHoldNow(services, trx, idTransaksi);
    return { idTransaksi, agentId: target.agentId, outcome: 'available' };
  }
  return { idTransaksi, agentId: target.agentId, outcome: 'held' };
}

export async function receivePayment(
  services: ReceiveServices,
  n: InboundPaymentNotification,
): Promise<InboundPaymentResult> {
  if (malformed(n)) return { accepted: false, reason: 'NOT_FOUND' };
  const earlier = await findReceipt(services.db, n);
  if (earlier) return replayOf(earlier, n);
  try {
    const booked = await services.db.transaction().execute(async (trx) => {
      const receiptId = await claimReceipt(trx, services.now(), n);
      if (receiptId === null) return null;
      const result = await bookPayment(services, trx, n);
      await trx
        .updateTable('payin_receipts')
        .set({
          agent_id: result.agentId,
          id_transaksi: result.idTransaksi,
          outcome: result.outcome,
        })
        .where('id', '=', receiptId)
        .execute();
      return result;
    });
    if (booked) {
      return {
        accepted: true,
        idTransaksi: booked.idTransaksi,
        replayed: false,
        outcome: booked.outcome,
      };
    }
  } catch (error) {
    if (error instanceof PayinRefused) return { accepted: false, reason: error.reason };
    // A concurrent delivery of the same reference committed first (unique violation).
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  const stored = await findReceipt(services.db, n);
  if (!stored) throw new Error(`pay-in receipt ${n.railReference} vanished`);
  return replayOf(stored, n);
}

/** The handler as the rails see it. */
export function inboundPaymentHandler(services: ReceiveServices): InboundPaymentHandler {
  return { receive: (notification) => receivePayment(services, notification) };
}
