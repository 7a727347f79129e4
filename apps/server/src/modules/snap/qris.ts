import type { z } from 'zod';
import { issuePayinCode } from '../payins/issue';
import { SnapError } from './codes';
import type { ServiceAnswer, ServiceContext } from './pipeline';
import type { qrisGenerateRequest, qrisQueryRequest } from './schemas';
import { amountOf, formatIso, rupiah } from './transfer';

/**
 * QRIS MPM through the pay-in block: generate issues a dynamic QRIS bill (`issuePayinCode`, channel
 * QRIS) under the partner's partnerReferenceNo (unique per partner: 409xx01 on a repeat); query
 * answers whether it was paid (and refunded: qris-refund.ts). The notification goes out through
 * notify.ts.
 */

export const SNAP_QRIS_REFF_PREFIX = 'SNAPQR';

export async function qrisGenerate(
  ctx: ServiceContext<z.infer<typeof qrisGenerateRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const amount = amountOf(body.amount.value);
  if (amount <= 0) throw new SnapError('invalidFieldFormat', 'amount.value');
  const taken = await services.db
    .selectFrom('snap_qris')
    .select('id')
    .where('agent_id', '=', partner.agentId)
    .where('environment', '=', partner.environment)
    .where('partner_reference_no', '=', body.partnerReferenceNo)
    .executeTakeFirst();
  if (taken) throw new SnapError('duplicatePartnerReference');
  let expiresAt: Date | undefined;
  if (body.validityPeriod) {
    expiresAt = new Date(body.validityPeriod);
    if (Number.isNaN(expiresAt.getTime()))
      throw new SnapError('invalidFieldFormat', 'validityPeriod');
  }
  const partnerReff = `${SNAP_QRIS_REFF_PREFIX}${partner.agentId}-${body.partnerReferenceNo}`.slice(
    0,
    100,
  );
  const issued = await issuePayinCode(
    services,
    { agentId: partner.agentId, environment: partner.environment },
    { channelCode: 'QRIS', amount, partnerReff, expiresAt },
  );
  const inserted = await services.db
    .insertInto('snap_qris')
    .values({
      agent_id: partner.agentId,
      environment: partner.environment,
      partner_reference_no: body.partnerReferenceNo,
      partner_reff: partnerReff,
      code: issued.code,
      payload: issued.payload ?? '',
      amount,
      expires_at: issued.expiresAt,
      created_at: services.now(),
    })
    .onConflict((oc) => oc.columns(['agent_id', 'environment', 'partner_reference_no']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new SnapError('duplicatePartnerReference');
  return {
    body: {
      referenceNo: issued.code,
      partnerReferenceNo: body.partnerReferenceNo,
      qrContent: issued.payload,
      merchantName: '',
      additionalInfo: { validUntil: formatIso(issued.expiresAt), amount: rupiah(amount) },
    },
  };
}

export async function qrisQuery(
  ctx: ServiceContext<z.infer<typeof qrisQueryRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const qr = await services.db
    .selectFrom('snap_qris')
    .selectAll()
    .where('agent_id', '=', partner.agentId)
    .where('environment', '=', partner.environment)
    .where('partner_reference_no', '=', body.originalPartnerReferenceNo)
    .executeTakeFirst();
  if (!qr) throw new SnapError('transactionNotFound');
  const code = await services.db
    .selectFrom('payin_codes')
    .select(['status', 'paid_at', 'id_transaksi'])
    .where('environment', '=', partner.environment)
    .where('kind', '=', 'QRIS')
    .where('code', '=', qr.code)
    .executeTakeFirst();
  const paid = code?.status === 1 ? code : null;
  const expired = new Date(qr.expires_at).getTime() <= services.now().getTime();
  const refunded = Number(qr.refunded_amount);
  // 04 once the whole paid amount went back (qr-mpm-refund); a partial refund stays 00.
  const status = paid ? (refunded >= Number(qr.amount) ? '04' : '00') : expired ? '05' : '03';
  const desc = { '00': 'Success', '03': 'Pending', '04': 'Refunded', '05': 'Cancelled' }[status];
  return {
    body: {
      originalReferenceNo: qr.code,
      originalPartnerReferenceNo: qr.partner_reference_no,
      serviceCode: '47',
      latestTransactionStatus: status,
      transactionStatusDesc: desc,
      paidTime: paid?.paid_at ? formatIso(new Date(paid.paid_at)) : null,
      amount: rupiah(Number(qr.amount)),
      additionalInfo: {
        paymentRequestId: paid?.id_transaksi ?? null,
        refundedAmount: rupiah(refunded),
      },
    },
  };
}
