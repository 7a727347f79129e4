import { INSUFFICIENT_FUNDS, isTransferOk, type TransferInput } from '@gerbang/ledger';
import { findPayinChannel } from '@gerbang/shared/domain/payin-channels';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { nextSerial, stampedId } from '../../platform/ids';
import { ACCOUNT } from '../payins/ledger';
import { SnapError } from './codes';
import type { SnapPartner } from './guard';
import type { ServiceAnswer, ServiceContext } from './pipeline';
import type { qrisRefundRequest } from './schemas';
import type { SnapQrisRefundsTable, SnapQrisTable } from './tables';
import { amountOf, formatIso, rupiah } from './transfer';

/**
 * QRIS MPM refund (service 78): a paid QRIS the partner generated through SNAP is given back to
 * the payer, in full or in parts, in ONE database transaction:
 *
 *   lock the QR's snap_qris row (FOR UPDATE: every refund of one payment waits for the one
 *   before it) → a partnerRefundNo seen before answers its first refund (the same QR and amount)
 *   or 404xx18 → the QR must be paid (403xx15) → the amount must fit in what is left of the paid
 *   amount (404xx13) → the refund row (unique partnerRefundNo) → the ledger transfer
 *   merchant available → the channel's cash-in clearing (403xx14 when the balance is short) →
 *   refunded_amount grows (a check keeps it ≤ the amount) → audit.
 *
 * The money comes from the merchant's available balance, as a refund does at acquirers: the
 * payment's own net may still be held until its settlement date, and the fee it paid is not
 * returned. The clearing account is where the payment came in, so a payment and its refunds net
 * out there, and every transfer has both sides in the ledger.
 */

type Trx = Kysely<Database>;
type RefundServices = Pick<Services, 'db' | 'now' | 'ledger'>;
type RefundBody = z.infer<typeof qrisRefundRequest>;
type QrRow = Selectable<SnapQrisTable>;
type RefundRow = Selectable<SnapQrisRefundsTable>;

/** The ledger id of a refund: derived from its number (the idempotency key). */
export const refundTransferId = (refundNo: string) => `qris_refund:${refundNo}`;

async function lockQr(trx: Trx, partner: SnapPartner, body: RefundBody): Promise<QrRow> {
  let q = trx
    .selectFrom('snap_qris')
    .selectAll()
    .where('agent_id', '=', partner.agentId)
    .where('environment', '=', partner.environment);
  if (body.originalPartnerReferenceNo) {
    q = q.where('partner_reference_no', '=', body.originalPartnerReferenceNo);
  }
  if (body.originalReferenceNo) q = q.where('code', '=', body.originalReferenceNo);
  const qr = await q.forUpdate().executeTakeFirst();
  if (!qr) throw new SnapError('transactionNotFound');
  return qr;
}

function findRefund(db: Trx, partner: SnapPartner, partnerRefundNo: string) {
  return db
    .selectFrom('snap_qris_refunds')
    .selectAll()
    .where('agent_id', '=', partner.agentId)
    .where('environment', '=', partner.environment)
    .where('partner_refund_no', '=', partnerRefundNo)
    .executeTakeFirst();
}

/** A partnerRefundNo used before: the same refund again, or a different one under its name. */
function replayOf(refund: RefundRow, qr: QrRow, amount: number): RefundRow {
  if (Number(refund.snap_qris_id) !== Number(qr.id) || Number(refund.amount) !== amount) {
    throw new SnapError('inconsistentRequest', '[partnerRefundNo already used]');
  }
  return refund;
}

async function paidPayment(trx: Trx, qr: QrRow) {
  const code = await trx
    .selectFrom('payin_codes')
    .select(['status', 'id_transaksi', 'channel_code'])
    .where('environment', '=', qr.environment)
    .where('kind', '=', 'QRIS')
    .where('code', '=', qr.code)
    .executeTakeFirst();
  if (code?.status !== 1 || !code.id_transaksi) {
    throw new SnapError('transactionNotPermitted', '[Not paid]');
  }
  return { idTransaksi: code.id_transaksi, channelCode: code.channel_code };
}

/** The refund's one transfer: merchant available → the channel's cash-in clearing (pure). */
export function refundPosting(input: {
  refundNo: string;
  available: number;
  clearing: number;
  amount: number;
  idTransaksi: string;
}): TransferInput {
  return {
    id: refundTransferId(input.refundNo),
    debitAccountId: input.available,
    creditAccountId: input.clearing,
    amount: input.amount,
    kind: 'qris_refund',
    reference: input.refundNo,
    description: `QRIS refund of ${input.idTransaksi}`,
  };
}

async function postRefund(
  services: RefundServices,
  trx: Trx,
  qr: QrRow,
  refund: { refundNo: string; amount: number; idTransaksi: string; channelCode: string },
) {
  const subkey = findPayinChannel(refund.channelCode)?.clearingSubkey ?? 'QRIS';
  const [available, clearing] = await services.ledger.ensureAccounts(
    [
      { kind: ACCOUNT.available, agentId: qr.agent_id, environment: qr.environment },
      { kind: ACCOUNT.clearing, subkey, environment: qr.environment },
    ],
    { trx },
  );
  if (!available || !clearing) throw new Error('refund accounts missing');
  const [result] = await services.ledger.createTransfers(
    [refundPosting({ ...refund, available: available.id, clearing: clearing.id })],
    { trx },
  );
  if (result && isTransferOk(result)) return;
  // Thrown: the refund row rolls back too, so the partnerRefundNo stays free for a retry.
  if (result?.result === INSUFFICIENT_FUNDS) throw new SnapError('insufficientFunds');
  throw new Error(`ledger refused a QRIS refund: ${result?.result}`);
}

/** Steps after the lock: replay, checks, the row, the money, the running total, the audit. */
async function refundLocked(
  services: RefundServices,
  trx: Trx,
  ctx: { partner: SnapPartner; body: RefundBody; externalId: string; ip: string },
  qr: QrRow,
): Promise<RefundRow> {
  const { partner, body } = ctx;
  const amount = amountOf(body.refundAmount.value);
  const earlier = await findRefund(trx, partner, body.partnerRefundNo);
  if (earlier) return replayOf(earlier, qr, amount);
  const payment = await paidPayment(trx, qr);
  const left = Number(qr.amount) - Number(qr.refunded_amount);
  if (amount > left) throw new SnapError('invalidAmount', '[Exceeds the refundable amount]');
  const now = services.now();
  // Serials from the process's block (platform/ids.ts): two refunds never share a number.
  const refundNo = stampedId('RF', now, await nextSerial(services, trx, now));
  const inserted = await trx
    .insertInto('snap_qris_refunds')
    .values({
      agent_id: partner.agentId,
      environment: partner.environment,
      snap_qris_id: qr.id,
      partner_refund_no: body.partnerRefundNo,
      refund_no: refundNo,
      external_id: ctx.externalId,
      id_transaksi: payment.idTransaksi,
      amount,
      reason: body.reason ?? '',
      ledger_transfer_id: refundTransferId(refundNo),
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) {
    // The same partnerRefundNo, sent at once for another QR, committed first.
    const won = await findRefund(trx, partner, body.partnerRefundNo);
    if (won) return replayOf(won, qr, amount);
    throw new Error('refund number taken');
  }
  await postRefund(services, trx, qr, { refundNo, amount, ...payment });
  await trx
    .updateTable('snap_qris')
    .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount) }))
    .where('id', '=', qr.id)
    .execute();
  await writeAudit(trx, {
    agentId: partner.agentId,
    userId: null,
    username: partner.clientId,
    action: 'snap_qris_refund',
    target: qr.partner_reference_no,
    detail: { refund_no: refundNo, partner_refund_no: body.partnerRefundNo, amount },
    ip: ctx.ip,
    environment: partner.environment,
    at: now,
  });
  return inserted;
}

export async function qrisRefund(ctx: ServiceContext<RefundBody>): Promise<ServiceAnswer> {
  const { services, body } = ctx;
  if (!body.originalPartnerReferenceNo && !body.originalReferenceNo) {
    throw new SnapError('invalidMandatoryField', 'originalPartnerReferenceNo');
  }
  if (amountOf(body.refundAmount.value) <= 0) {
    throw new SnapError('invalidFieldFormat', 'refundAmount.value');
  }
  const { qr, refund } = await services.db.transaction().execute(async (trx) => {
    const locked = await lockQr(trx, ctx.partner, body);
    return { qr: locked, refund: await refundLocked(services, trx, ctx, locked) };
  });
  return {
    body: {
      originalPartnerReferenceNo: qr.partner_reference_no,
      originalReferenceNo: qr.code,
      partnerRefundNo: refund.partner_refund_no,
      refundNo: refund.refund_no,
      refundAmount: rupiah(Number(refund.amount)),
      refundTime: formatIso(new Date(refund.created_at)),
      additionalInfo: { paymentRequestId: refund.id_transaksi },
    },
  };
}
