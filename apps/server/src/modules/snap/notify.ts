import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { queueCallback } from '../callbacks/queue';
import type { PaidEvent } from '../payins/paid-hooks';
import { SNAP_QRIS_REFF_PREFIX } from './qris';
import {
  qrisPaymentNotice,
  queueSnapSignedNotification,
  vaPaymentNotice,
} from './snap-notification';
import { formatIso, rupiah } from './transfer';
import { SNAP_VA_REFF_PREFIX, vaParts } from './va';

/**
 * The SNAP payment notification: when a VA or QRIS the partner created through SNAP is paid, the
 * pay-in block's receiving transaction runs this hook (registered by prefix in modules/paid-hooks.ts)
 * and a callback row in the SNAP shape is queued beside the pay-in block's own. The callback
 * engine delivers it to the partner's VA_PAID / QRIS_PAID URL and signs it as it signs every
 * callback (X-Signature: HMAC-SHA512 of `timestamp.body` with the signature key); its
 * X-Callback-Type is `va_payment` / `qris_payment`, so the receiver tells it from the native one.
 * Beside it, in the same transaction, the SNAP-signed notification of the standard
 * (snap-notification.ts) when the partner set a URL for it.
 */

type HookServices = { db: Kysely<Database>; now: () => Date };

export async function queueSnapVaNotification(
  services: HookServices,
  trx: Kysely<Database>,
  event: PaidEvent,
): Promise<void> {
  const va = await trx
    .selectFrom('snap_virtual_accounts')
    .selectAll()
    .where('partner_reff', '=', event.target.partnerReff ?? '')
    .executeTakeFirst();
  if (!va) return;
  await queueCallback(trx, services.now(), {
    agentId: va.agent_id,
    environment: va.environment,
    idTransaksi: event.idTransaksi,
    type: 'va_payment',
    timeRequest: event.paidAt,
    body: {
      ...vaParts(va.va_number, va.bank_code),
      virtualAccountName: va.va_name,
      trxId: va.trx_id,
      paymentRequestId: event.idTransaksi,
      paidAmount: rupiah(event.amount),
      trxDateTime: formatIso(event.paidAt),
      latestTransactionStatus: '00',
      additionalInfo: { fee: rupiah(event.fee), bankCode: va.bank_code },
    },
  });
  await queueSnapSignedNotification(
    trx,
    services.now(),
    { agentId: va.agent_id, environment: va.environment },
    'snap_va_payment',
    event,
    vaPaymentNotice(va, event),
  );
}

export async function queueSnapQrisNotification(
  services: HookServices,
  trx: Kysely<Database>,
  event: PaidEvent,
): Promise<void> {
  const qr = await trx
    .selectFrom('snap_qris')
    .selectAll()
    .where('partner_reff', '=', event.target.partnerReff ?? '')
    .executeTakeFirst();
  if (!qr) return;
  await queueCallback(trx, services.now(), {
    agentId: qr.agent_id,
    environment: qr.environment,
    idTransaksi: event.idTransaksi,
    type: 'qris_payment',
    timeRequest: event.paidAt,
    body: {
      originalPartnerReferenceNo: qr.partner_reference_no,
      originalReferenceNo: qr.code,
      paymentRequestId: event.idTransaksi,
      paidAmount: rupiah(event.amount),
      trxDateTime: formatIso(event.paidAt),
      latestTransactionStatus: '00',
      additionalInfo: { fee: rupiah(event.fee) },
    },
  });
  await queueSnapSignedNotification(
    trx,
    services.now(),
    { agentId: qr.agent_id, environment: qr.environment },
    'snap_qris_payment',
    event,
    qrisPaymentNotice(qr, event),
  );
}

export const SNAP_PAID_HOOKS = [
  { prefix: SNAP_VA_REFF_PREFIX, hook: queueSnapVaNotification },
  { prefix: SNAP_QRIS_REFF_PREFIX, hook: queueSnapQrisNotification },
] as const;
