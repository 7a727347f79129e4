import { CALLBACK_EVENTS, type CallbackEventType, type Environment } from '@gerbang/shared';
import { CALLBACK_HEADERS } from '@gerbang/shared/contract/callbacks';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { AnswerJudgement, CallbackFormat, FormatRow } from '../callbacks/formats';
import { queueCallback } from '../callbacks/queue';
import type { PaidEvent } from '../payins/paid-hooks';
import { responseCode, SERVICE } from './codes';
import { providerKey } from './provider-key';
import {
  formatSnapTimestamp,
  notificationStringToSign,
  signNotification,
  verifyNotificationSignature,
} from './signature';
import type { SnapQrisTable, SnapVirtualAccountsTable } from './tables';
import { rupiah } from './transfer';
import { vaParts } from './va';

/**
 * The SNAP-signed payment notification: what a SNAP provider sends its partner when a VA or QRIS
 * is paid, beside Gerbang's own signed webhook (notify.ts). The body is the standard's for the
 * service (schemas.ts `snapVaPaymentNotice`, `snapQrisPaymentNotice`); the request carries the
 * SNAP headers (X-TIMESTAMP, X-PARTNER-ID = the partner's client id, X-EXTERNAL-ID, CHANNEL-ID)
 * and X-SIGNATURE = base64 SHA256withRSA(provider private key,
 * `POST:<relative path of the URL>:<hex SHA-256 of the minified body>:<X-TIMESTAMP>`), which the
 * partner verifies with the provider public key (provider-key.ts, GET
 * /snap/v1.0/provider-public-key).
 *
 * It is a callback row like any other (queued in the payment's own transaction, sent by the
 * callback engine with its lease, retries and attempt log), of type `snap_va_payment` /
 * `snap_qris_payment`, going to the URL of the event SNAP_VA_PAYMENT / SNAP_QRIS_PAYMENT on the
 * credential page. It is queued only while that URL is set: a partner that does not take SNAP
 * notifications gets no row that could only fail. The format registered below signs each attempt
 * and takes only a 2xx whose responseCode is the service's success (2002500 / 2005200).
 */

/** The channel Gerbang names as sender of its notifications (the standard's CHANNEL-ID). */
export const SNAP_NOTIFY_CHANNEL_ID = '95221';

const PAID_REASON = { english: 'Success', indonesia: 'Sukses' };

export const SNAP_NOTIFICATIONS = {
  snap_va_payment: {
    event: 'SNAP_VA_PAYMENT',
    success: responseCode(SERVICE.vaPayment, 'success'),
  },
  snap_qris_payment: {
    event: 'SNAP_QRIS_PAYMENT',
    success: responseCode(SERVICE.qrisNotify, 'success'),
  },
} as const satisfies Record<string, { event: CallbackEventType; success: string }>;

type NotificationType = keyof typeof SNAP_NOTIFICATIONS;

/** The VA payment notification body (service 25) of a paid SNAP VA. */
export function vaPaymentNotice(va: Selectable<SnapVirtualAccountsTable>, event: PaidEvent) {
  return {
    ...vaParts(va.va_number, va.bank_code),
    virtualAccountName: va.va_name,
    trxId: va.trx_id,
    paymentRequestId: event.idTransaksi,
    paidAmount: rupiah(event.amount),
    ...(va.amount === null ? {} : { totalAmount: rupiah(va.amount) }),
    trxDateTime: formatSnapTimestamp(event.paidAt),
    paymentFlagStatus: '00',
    paymentFlagReason: PAID_REASON,
    additionalInfo: { fee: rupiah(event.fee), bankCode: va.bank_code },
  };
}

/** The QRIS MPM payment notification body (service 52) of a paid SNAP QRIS. */
export function qrisPaymentNotice(qr: Selectable<SnapQrisTable>, event: PaidEvent) {
  return {
    originalReferenceNo: qr.code,
    originalPartnerReferenceNo: qr.partner_reference_no,
    latestTransactionStatus: '00',
    transactionStatusDesc: 'Success',
    amount: rupiah(event.amount),
    additionalInfo: {
      paymentRequestId: event.idTransaksi,
      paidTime: formatSnapTimestamp(event.paidAt),
      fee: rupiah(event.fee),
    },
  };
}

/**
 * Queues the notification in the payment's transaction `trx` when the partner has a URL for it
 * in that environment (read in the same transaction).
 */
export async function queueSnapSignedNotification(
  trx: Kysely<Database>,
  now: Date,
  owner: { agentId: number; environment: Environment },
  type: NotificationType,
  event: PaidEvent,
  body: Record<string, unknown>,
): Promise<void> {
  const idinfo = CALLBACK_EVENTS.find(
    (e) => e.type_info === SNAP_NOTIFICATIONS[type].event,
  )?.idinfo;
  if (idinfo === undefined) return;
  const url = await trx
    .selectFrom('callback_urls')
    .select('type_value')
    .where('agent_id', '=', owner.agentId)
    .where('environment', '=', owner.environment)
    .where('idinfo', '=', idinfo)
    .executeTakeFirst();
  if (!url || url.type_value.trim() === '') return;
  await queueCallback(trx, now, {
    ...owner,
    idTransaksi: event.idTransaksi,
    type,
    timeRequest: event.paidAt,
    body,
    bareBody: true,
  });
}

/** The path and query of the partner's URL: the "relative path" the signature covers. */
export function relativePathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * X-EXTERNAL-ID of one attempt: digits, unique per request for good (a retry is a new request, so
 * a receiver that refuses an id seen that day still takes it).
 */
export function notificationExternalId(row: Pick<FormatRow, 'id_callback' | 'attempts'>): string {
  return `${String(row.id_callback).padStart(12, '0')}${String(row.attempts).padStart(4, '0')}`;
}

async function signedHeaders(
  services: Services,
  row: FormatRow,
  url: string,
  at: Date,
): Promise<Record<string, string>> {
  const key = await providerKey(services.db);
  const credential = await services.db
    .selectFrom('agent_credentials')
    .select('client_id')
    .where('agent_id', '=', row.agent_id)
    .where('environment', '=', row.environment)
    .executeTakeFirst();
  const timestamp = formatSnapTimestamp(at);
  const stringToSign = notificationStringToSign({
    method: 'POST',
    path: relativePathOf(url),
    rawBody: row.request_raw,
    timestamp,
  });
  return {
    'content-type': 'application/json',
    'user-agent': 'Gerbang-SNAP/1.0',
    'X-TIMESTAMP': timestamp,
    'X-SIGNATURE': signNotification(key.privateKey, stringToSign),
    'X-PARTNER-ID': credential?.client_id ?? '',
    'X-EXTERNAL-ID': notificationExternalId(row),
    'CHANNEL-ID': SNAP_NOTIFY_CHANNEL_ID,
    // The engine's idempotency key and attempt number, as on every callback.
    [CALLBACK_HEADERS.eventId]: row.event_id,
    [CALLBACK_HEADERS.attempt]: String(row.attempts),
  };
}

function judgeAnswer(success: string, body: string): AnswerJudgement {
  let code: unknown;
  try {
    code = (JSON.parse(body) as { responseCode?: unknown })?.responseCode;
  } catch {
    return { ok: false, error: `the answer is not JSON; expected responseCode ${success}` };
  }
  return code === success
    ? { ok: true }
    : { ok: false, error: `answered responseCode ${String(code)}; expected ${success}` };
}

const header = (headers: Record<string, unknown>, name: string) => {
  const value = headers[name];
  return String(Array.isArray(value) ? value[0] : (value ?? ''));
};

function formatFor(success: string): CallbackFormat {
  return {
    headers: signedHeaders,
    judge: (body) => judgeAnswer(success, body),
    verify: async (services, received) => {
      const key = await providerKey(services.db);
      const stringToSign = notificationStringToSign({
        method: 'POST',
        path: received.path,
        rawBody: received.rawBody,
        timestamp: header(received.headers, 'x-timestamp'),
      });
      return verifyNotificationSignature(
        key.publicPem,
        stringToSign,
        header(received.headers, 'x-signature'),
      );
    },
  };
}

/** The callback formats of the two notifications, by `type_callback` (modules/callback-formats.ts). */
export const SNAP_CALLBACK_FORMATS = Object.entries(SNAP_NOTIFICATIONS).map(
  ([type, { success }]) => ({ type, format: formatFor(success) }),
);
