/**
 * The public payment link (spec 03 §2.6, §3.4, §5.6, §7.4): no session. A payer reaches a link by
 * its unguessable secret only; every call spends from a per-IP budget, and issuing an instrument
 * also from a per-link budget (platform/guess-budget.ts: the count holds under parallel requests).
 * The same payer (e-mail) choosing the same method again gets the same open instrument.
 */
import { RC } from '@gerbang/shared';
import {
  type GeneratedPayment,
  PAYMENT_SECRET_SHAPE,
  type PublicDetailAnswer,
  type PublicPayMethod,
  type PublicPaymentStatus,
  REQUEST_PAYMENT_REFF_PREFIX,
} from '@gerbang/shared/contract/request-payment';
import { findBank } from '@gerbang/shared/domain/banks';
import { findPayinChannel, PAYIN_CHANNELS } from '@gerbang/shared/domain/payin-channels';
import type { Selectable } from 'kysely';
import { ApiError, notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import { type GuessRule, spendTry } from '../../platform/guess-budget';
import { randomDigits } from '../payins/ids';
import { DEFAULT_EXPIRY_MS, issuePayinCode, issueVirtualAccount } from '../payins/issue';
import { wibDateTime } from './service';
import type { RequestPaymentCustomersTable, RequestPaymentsTable } from './tables';

type PublicServices = Pick<Services, 'db' | 'now'>;

const MINUTE_MS = 60_000;
/** Any public call from one IP: 120 a minute (opening a page makes three). */
export const PUBLIC_IP_RULE: GuessRule = { scope: 'paylink_ip', limit: 120, windowMs: MINUTE_MS };
/** Instruments issued from one IP: 20 in 10 minutes. */
export const ISSUE_IP_RULE: GuessRule = {
  scope: 'paylink_issue_ip',
  limit: 20,
  windowMs: 10 * MINUTE_MS,
};
/** Instruments issued for one link: 60 in 10 minutes, whoever asks. */
export const ISSUE_LINK_RULE: GuessRule = {
  scope: 'paylink_issue_link',
  limit: 60,
  windowMs: 10 * MINUTE_MS,
};

/** An instrument of a VA lives at most a day (and never past its link). */
const VA_LIFETIME_MS = 24 * 60 * MINUTE_MS;

async function spend(services: PublicServices, rule: GuessRule, key: string): Promise<void> {
  const budget = await spendTry(services.db, rule, key, services.now());
  if (!budget.ok) throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');
}

export function limitPublicCall(services: PublicServices, ip: string): Promise<void> {
  return spend(services, PUBLIC_IP_RULE, ip);
}

async function linkBySecret(
  services: PublicServices,
  secret: string,
): Promise<Selectable<RequestPaymentsTable>> {
  if (!PAYMENT_SECRET_SHAPE.test(secret)) throw notFound('paylink.errors.notFound');
  const link = await services.db
    .selectFrom('request_payments')
    .selectAll()
    .where('payment_secret', '=', secret)
    .executeTakeFirst();
  if (!link) throw notFound('paylink.errors.notFound');
  return link;
}

/** GET public/request_payment_detail: the link as the page reads it, and the merchant's type. */
export async function publicDetail(
  services: PublicServices,
  secret: string,
): Promise<PublicDetailAnswer> {
  const link = await linkBySecret(services, secret);
  const agent = await services.db
    .selectFrom('agents')
    .select(['nama_agen', 'user_type'])
    .where('id', '=', link.agent_id)
    .executeTakeFirstOrThrow();
  return {
    'payment-request': {
      id: link.payment_secret,
      customer_name: '',
      customer_email: '',
      customer_notelp: '',
      namePayment: link.name_payment,
      descPayment: link.desc_payment,
      amount: link.amount,
      totalAmount: link.amount,
      timeRequest: wibDateTime(new Date(link.time_request)),
      timeExpired: wibDateTime(new Date(link.time_expired)),
      count: link.use_count,
      number: link.max_uses,
      url_callback: '',
      url_image_merchant: '',
      merchant_name: agent.nama_agen,
    },
    'type-user': agent.user_type === 'Business' ? 'BISNIS' : 'PERSONAL',
  };
}

const STATUS_OF: Record<number, PublicPaymentStatus> = { 0: 'OPEN', 1: 'PAID', 2: 'CANCELLED' };

/**
 * GET public/payment_status: where the payer's instrument stands. Both the link's secret and the
 * instrument's reference must match, so neither alone tells anything.
 */
export async function publicStatus(
  services: PublicServices,
  secret: string,
  customerReff: string,
): Promise<{ customerReff: string; status: PublicPaymentStatus }> {
  const link = await linkBySecret(services, secret);
  const row = await services.db
    .selectFrom('request_payment_customers')
    .select(['customer_reff', 'is_paid'])
    .where('request_payment_id', '=', link.id)
    .where('customer_reff', '=', customerReff)
    .executeTakeFirst();
  if (!row) throw notFound('paylink.errors.notFound');
  return { customerReff: row.customer_reff, status: STATUS_OF[row.is_paid] ?? 'OPEN' };
}

/**
 * The event subject of one instrument (`pay:<id>`, migration 0205) for the pay page's stream;
 * found, like the status, only by the link's secret and the instrument's reference together.
 */
export async function instrumentSubject(
  services: PublicServices,
  secret: string,
  customerReff: string,
): Promise<string> {
  const link = await linkBySecret(services, secret);
  const row = await services.db
    .selectFrom('request_payment_customers')
    .select(['id'])
    .where('request_payment_id', '=', link.id)
    .where('customer_reff', '=', customerReff)
    .executeTakeFirst();
  if (!row) throw notFound('paylink.errors.notFound');
  return `pay:${row.id}`;
}

/** GET public/list_va: every pay-in channel a payer may choose (spec 03 §3.4). */
export function publicMethods(): PublicPayMethod[] {
  return PAYIN_CHANNELS.map((c) => ({
    kodeBank: c.code,
    namaBank: c.kind === 'VA' ? (findBank(c.code)?.namabank ?? c.name) : c.name,
    isActive: true,
    url_image: '',
    kind: c.kind,
  }));
}

export interface GenerateInput {
  secret: string;
  codeBank: string;
  email: string;
  name: string;
  phone: string;
  ip: string;
}

function generatedOf(row: Selectable<RequestPaymentCustomersTable>): GeneratedPayment {
  return {
    vaNumber: row.va_number,
    kodBank: row.kode_bank,
    namaBank: row.bank_name,
    kind: row.kind,
    amount: row.amount,
    imageQris: row.payload,
    linkPayment: row.link_payment,
    timeExpired: wibDateTime(new Date(row.expires_at)),
    customerReff: row.customer_reff,
  };
}

/** The link still takes payments: not expired, uses left (spec 03 §4). */
function assertPayable(link: Selectable<RequestPaymentsTable>, now: Date): void {
  if (new Date(link.time_expired).getTime() <= now.getTime()) {
    throw refused('paylink.errors.expired', { time: wibDateTime(new Date(link.time_expired)) });
  }
  if (link.use_count >= link.max_uses) throw refused('paylink.errors.limit');
}

async function openInstrument(
  services: PublicServices,
  linkId: number,
  payerKey: string,
  code: string,
) {
  const now = services.now();
  const open = await services.db
    .selectFrom('request_payment_customers')
    .selectAll()
    .where('request_payment_id', '=', linkId)
    .where('payer_key', '=', payerKey)
    .where('kode_bank', '=', code)
    .where('is_paid', '=', 0)
    .executeTakeFirst();
  if (!open) return null;
  if (new Date(open.expires_at).getTime() > now.getTime()) return open;
  // Expired: it takes no payment any more; the payer gets a new one.
  await cancelCustomers(services, [open]);
  return null;
}

/** Cancels open customer rows and their instruments (a payment of them is refused). */
export async function cancelCustomers(
  services: Pick<Services, 'db'>,
  rows: readonly Selectable<RequestPaymentCustomersTable>[],
): Promise<void> {
  for (const row of rows) {
    await services.db
      .updateTable('request_payment_customers')
      .set({ is_paid: 2 })
      .where('id', '=', row.id)
      .where('is_paid', '=', 0)
      .execute();
    if (row.kind === 'VA') {
      await services.db
        .updateTable('virtual_accounts')
        .set({ status: 0 })
        .where('environment', '=', row.environment)
        .where('kodebank', '=', row.kode_bank)
        .where('va_number', '=', row.va_number)
        .execute();
    } else {
      await services.db
        .updateTable('payin_codes')
        .set({ status: 2 })
        .where('environment', '=', row.environment)
        .where('code', '=', row.va_number)
        .where('status', '=', 0)
        .execute();
    }
  }
}

/** The hosted page that completes a card or e-wallet checkout (the simulator in demo and test). */
export function checkoutLink(
  kind: 'EWALLET' | 'CREDIT_CARD',
  code: string,
  amount: number,
): string {
  const channel = kind === 'CREDIT_CARD' ? 'card' : 'ewallet';
  return `/dev/simulator?channel=${channel}&number=${encodeURIComponent(code)}&amount=${amount}`;
}

async function issueFor(
  services: PublicServices,
  link: Selectable<RequestPaymentsTable>,
  input: GenerateInput,
  customerReff: string,
) {
  const channel = findPayinChannel(input.codeBank);
  if (!channel) throw validationError('paylink.errors.method');
  const owner = { agentId: link.agent_id, environment: link.environment };
  const now = services.now();
  const linkEnd = new Date(link.time_expired).getTime();
  const partnerReff = `${REQUEST_PAYMENT_REFF_PREFIX}${customerReff}`;
  if (channel.kind === 'VA') {
    const expiresAt = new Date(Math.min(linkEnd, now.getTime() + VA_LIFETIME_MS));
    const va = await issueVirtualAccount(services, owner, {
      bankCode: channel.code,
      kind: 'close',
      customerName: input.name,
      amount: link.amount,
      expiresAt,
      partnerReff,
    });
    return { kind: 'VA', number: va.vaNumber, payload: null, link: null, expiresAt };
  }
  const expiresAt = new Date(Math.min(linkEnd, now.getTime() + DEFAULT_EXPIRY_MS[channel.kind]));
  const issued = await issuePayinCode(services, owner, {
    channelCode: channel.code,
    amount: link.amount,
    customerName: input.name,
    partnerReff,
    expiresAt,
  });
  const hosted = channel.kind === 'EWALLET' || channel.kind === 'CREDIT_CARD';
  return {
    kind: channel.kind,
    number: issued.code,
    payload: issued.payload,
    link: hosted ? checkoutLink(channel.kind, issued.code, link.amount) : null,
    expiresAt,
  };
}

/** POST/GET public/generated_va: the payer's instrument for the method (issued once per payer). */
export async function generatePayment(
  services: PublicServices,
  input: GenerateInput,
): Promise<GeneratedPayment> {
  await spend(services, PUBLIC_IP_RULE, input.ip);
  const link = await linkBySecret(services, input.secret);
  assertPayable(link, services.now());
  const channel = findPayinChannel(input.codeBank);
  if (!channel) throw validationError('paylink.errors.method');
  const payerKey = input.email.trim().toLowerCase();
  const existing = await openInstrument(services, link.id, payerKey, channel.code);
  if (existing) return generatedOf(existing);
  await spend(services, ISSUE_IP_RULE, input.ip);
  await spend(services, ISSUE_LINK_RULE, String(link.id));
  const customerReff = `RP${randomDigits(14)}`;
  const issued = await issueFor(services, link, input, customerReff);
  const row = await services.db
    .insertInto('request_payment_customers')
    .values({
      request_payment_id: link.id,
      agent_id: link.agent_id,
      environment: link.environment,
      customer_reff: customerReff,
      customer_name: input.name,
      customer_email: input.email.trim(),
      payer_key: payerKey,
      customer_notelp: input.phone,
      kode_bank: channel.code,
      bank_name:
        channel.kind === 'VA' ? (findBank(channel.code)?.namabank ?? channel.name) : channel.name,
      kind: channel.kind,
      va_number: issued.number,
      payload: issued.payload,
      link_payment: issued.link,
      amount: link.amount,
      expires_at: issued.expiresAt,
      created_at: services.now(),
    })
    .onConflict((oc) =>
      oc
        .columns(['request_payment_id', 'payer_key', 'kode_bank'])
        .where('is_paid', '=', 0)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (row) return generatedOf(row);
  // The same payer asked twice at once: the other request's instrument stands, ours is cancelled.
  const other = await openInstrument(services, link.id, payerKey, channel.code);
  await cancelInstrument(services, link, channel.kind, issued.number);
  if (!other) throw refused('paylink.errors.generateFailed');
  return generatedOf(other);
}

async function cancelInstrument(
  services: PublicServices,
  link: Selectable<RequestPaymentsTable>,
  kind: string,
  number: string,
): Promise<void> {
  if (kind === 'VA') {
    await services.db
      .updateTable('virtual_accounts')
      .set({ status: 0 })
      .where('environment', '=', link.environment)
      .where('va_number', '=', number)
      .execute();
    return;
  }
  await services.db
    .updateTable('payin_codes')
    .set({ status: 2 })
    .where('environment', '=', link.environment)
    .where('code', '=', number)
    .execute();
}
