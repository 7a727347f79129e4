/**
 * Receiving, step 1: find what was paid and lock it, then check the payment against it. A closed
 * VA takes exactly its amount before its expiry, once (close) or every time (close_recurring); an
 * open VA takes any amount; a QRIS bill, retail code or checkout reference takes its amount once
 * before it expires; a merchant's static QRIS (issued with its approved NMID) takes any amount the
 * payer enters, every time.
 */

import type { Environment } from '@gerbang/shared';
import { NMID_STATUS } from '@gerbang/shared/contract/nmid';
import { findBank } from '@gerbang/shared/domain/banks';
import { findPayinChannel } from '@gerbang/shared/domain/payin-channels';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { InboundPaymentNotification, InboundRefusal } from '../../rails';
import type { VirtualAccountsTable } from '../virtual-account/tables';
import { isCancelledOrderReff } from './order-refs';
import { parseQris } from './qris';
import type { PayinCodeKind, PayinCodesTable } from './tables';

/** `partner_reff_id` that marks a VA as the agent's own deposit (top-up) VA. */
export const DEPOSIT_VA_REFF = 'DEPOSIT';

/** A payment to the agent's own deposit VA: a top-up, not a sale. */
export function isDepositVaTarget(target: Pick<PayinTarget, 'va' | 'partnerReff'>): boolean {
  return target.va !== null && target.partnerReff === DEPOSIT_VA_REFF;
}

/** A refusal thrown inside the receiving transaction so that nothing of it is written. */
export class PayinRefused extends Error {
  constructor(readonly reason: InboundRefusal) {
    super(reason);
    this.name = 'PayinRefused';
  }
}

export interface PayinTarget {
  agentId: number;
  environment: Environment;
  /** The catalog channel: the bank code of a VA, else the code's channel (QRIS, ALFAMART, …). */
  channelCode: string;
  productName: string;
  customerName: string;
  /** addinfo1 of the hold: the VA's customer id or the QRIS NMID. */
  customerRef: string | null;
  partnerReff: string | null;
  va: { id: number; number: string; bankCode: string; bankName: string; billType: string } | null;
  code: { id: number; code: string } | null;
}

type Trx = Kysely<Database>;

async function lockVirtualAccount(trx: Trx, n: InboundPaymentNotification): Promise<PayinTarget> {
  const va = await trx
    .selectFrom('virtual_accounts')
    .selectAll()
    .where('environment', '=', n.environment)
    .where('va_number', '=', n.paidTo.replace(/[\s-]/g, ''))
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!va) throw new PayinRefused('NOT_FOUND');
  if (va.status !== 1) {
    // A cancelled order's VA is closed too, but it was never paid: say so.
    if (await isCancelledOrderReff(trx, va.partner_reff_id)) throw new PayinRefused('CANCELLED');
    throw new PayinRefused(va.bill_type === 'close' ? 'ALREADY_PAID' : 'INACTIVE');
  }
  if (va.bill_type !== 'open') {
    if (va.expired_at && new Date(va.expired_at).getTime() <= n.paidAt.getTime()) {
      throw new PayinRefused('EXPIRED');
    }
    if (va.amount !== n.amount) throw new PayinRefused('AMOUNT_MISMATCH');
  }
  return vaTarget(va);
}

type VaRow = Pick<
  Selectable<VirtualAccountsTable>,
  | 'id'
  | 'agent_id'
  | 'environment'
  | 'kodebank'
  | 'namabank'
  | 'nama_pemilik_va'
  | 'customer_id'
  | 'partner_reff_id'
  | 'va_number'
  | 'bill_type'
>;

/** What a payment to this (checked) virtual account pays (pure; the seed pays VAs in bulk). */
export function vaTarget(va: VaRow): PayinTarget {
  const channel = findPayinChannel(va.kodebank);
  return {
    agentId: va.agent_id,
    environment: va.environment,
    channelCode: va.kodebank,
    productName: channel?.name ?? `Virtual Account ${va.namabank}`,
    customerName: va.nama_pemilik_va,
    customerRef: va.customer_id,
    partnerReff: va.partner_reff_id,
    va: {
      id: va.id,
      number: va.va_number,
      bankCode: va.kodebank,
      bankName: findBank(va.kodebank)?.namabank ?? va.namabank,
      billType: va.bill_type,
    },
    code: null,
  };
}

const CODE_KIND: Record<'QRIS' | 'RETAIL' | 'EWALLET' | 'CREDIT_CARD', PayinCodeKind> = {
  QRIS: 'QRIS',
  RETAIL: 'RETAIL',
  EWALLET: 'EWALLET',
  CREDIT_CARD: 'CREDIT_CARD',
};

/** The code a payment names: the QRIS bill number (tag 62/01) or the code as typed. */
function codeOf(n: InboundPaymentNotification): {
  code: string;
  qrisAmount: number | null;
  nmid: string | null;
} {
  if (n.channel !== 'QRIS') return { code: n.paidTo.trim(), qrisAmount: null, nmid: null };
  const parsed = parseQris(n.paidTo);
  if (!parsed.ok || !parsed.qris.dynamic) throw new PayinRefused('INVALID_QRIS');
  if (!parsed.qris.billNumber) throw new PayinRefused('NOT_FOUND');
  return { code: parsed.qris.billNumber, qrisAmount: parsed.qris.amount, nmid: parsed.qris.nmid };
}

/**
 * A static QRIS: the payload must be exactly the one issued with an approved NMID of this
 * environment (a QR re-made with another merchant account or name is refused). The payer chose
 * the amount, so any amount goes, as for an open VA.
 */
async function lockStaticQris(
  trx: Trx,
  n: InboundPaymentNotification,
  nmid: string | null,
): Promise<PayinTarget> {
  if (!nmid) throw new PayinRefused('INVALID_QRIS');
  const payload = n.paidTo.trim();
  const row = await trx
    .selectFrom('nmid_requests as nr')
    .innerJoin('agents as a', 'a.id', 'nr.agent_id')
    .select([
      'nr.agent_id',
      'nr.environment',
      'nr.nmid',
      'nr.qris_payload',
      'nr.nama_usaha',
      'a.nama_agen',
    ])
    .where('nr.environment', '=', n.environment)
    .where('nr.nmid', '=', nmid)
    .where('nr.status', '=', NMID_STATUS.approved)
    .executeTakeFirst();
  if (!row?.nmid) throw new PayinRefused('NOT_FOUND');
  if (row.qris_payload !== payload) throw new PayinRefused('INVALID_QRIS');
  const channel = findPayinChannel(STATIC_QRIS_CHANNEL);
  return {
    agentId: Number(row.agent_id),
    environment: row.environment,
    channelCode: STATIC_QRIS_CHANNEL,
    productName: channel?.name ?? STATIC_QRIS_CHANNEL,
    customerName: row.nama_usaha || row.nama_agen,
    customerRef: `NMID ${row.nmid}`,
    partnerReff: null,
    va: null,
    code: null,
  };
}

/** The catalog channel a static QRIS payment is priced and settled as. */
const STATIC_QRIS_CHANNEL = 'QRIS';

async function lockCode(trx: Trx, n: InboundPaymentNotification): Promise<PayinTarget> {
  if (n.channel === 'QRIS') {
    const parsed = parseQris(n.paidTo);
    if (parsed.ok && !parsed.qris.dynamic) return lockStaticQris(trx, n, parsed.qris.nmid);
  }
  const kind = CODE_KIND[n.channel as keyof typeof CODE_KIND];
  const { code, qrisAmount, nmid } = codeOf(n);
  const row = await trx
    .selectFrom('payin_codes')
    .selectAll()
    .where('environment', '=', n.environment)
    .where('kind', '=', kind)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new PayinRefused('NOT_FOUND');
  // The payload must be the one we issued: a re-signed QR with another amount is refused.
  if (n.channel === 'QRIS' && (row.payload === null || row.payload !== n.paidTo.trim())) {
    throw new PayinRefused(qrisAmount !== row.amount ? 'AMOUNT_MISMATCH' : 'INVALID_QRIS');
  }
  if (row.status === 1) throw new PayinRefused('ALREADY_PAID');
  if (row.status === 2 && (await isCancelledOrderReff(trx, row.partner_reff))) {
    throw new PayinRefused('CANCELLED');
  }
  if (row.status === 2 || new Date(row.expires_at).getTime() <= n.paidAt.getTime()) {
    throw new PayinRefused('EXPIRED');
  }
  if (row.amount !== n.amount) throw new PayinRefused('AMOUNT_MISMATCH');
  return codeTarget(row, nmid);
}

type CodeRow = Pick<
  Selectable<PayinCodesTable>,
  'id' | 'agent_id' | 'environment' | 'channel_code' | 'customer_name' | 'code' | 'partner_reff'
>;

/** What a payment of this (checked) code pays; `nmid` is the QRIS merchant's, read from the payload. */
export function codeTarget(row: CodeRow, nmid: string | null): PayinTarget {
  const channel = findPayinChannel(row.channel_code);
  return {
    agentId: row.agent_id,
    environment: row.environment,
    channelCode: row.channel_code,
    productName: channel?.name ?? row.channel_code,
    customerName: row.customer_name,
    customerRef: nmid ? `NMID ${nmid}` : row.code,
    partnerReff: row.partner_reff,
    va: null,
    code: { id: row.id, code: row.code },
  };
}

/** Locks and checks what `n` paid; throws PayinRefused when the payment cannot be taken. */
export async function lockTarget(trx: Trx, n: InboundPaymentNotification): Promise<PayinTarget> {
  switch (n.channel) {
    case 'VA':
      return lockVirtualAccount(trx, n);
    case 'QRIS':
    case 'RETAIL':
    case 'EWALLET':
    case 'CREDIT_CARD':
      return lockCode(trx, n);
    default:
      throw new Error(`lockTarget does not handle ${n.channel}`);
  }
}
