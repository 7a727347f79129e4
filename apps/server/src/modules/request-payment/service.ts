/**
 * Request payment (spec 03 §2.5, §3.4, §5.5, §7.3): service functions with plain inputs. Creating a
 * link, listing links and the customers (instruments) of one link. The public side is public.ts,
 * the money side (a payment of a link's instrument) is paid.ts.
 */
import { randomBytes } from 'node:crypto';
import { WIB_OFFSET_MS, wibDate, wibDayStart } from '@gerbang/shared';
import type {
  CreateRequestPaymentBody,
  RequestPaymentCustomerRow,
  RequestPaymentRow,
} from '@gerbang/shared/contract/request-payment';
import type { Selectable } from 'kysely';
import { notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import type { RequestPaymentCustomersTable, RequestPaymentsTable } from './tables';

type RpServices = Pick<Services, 'db' | 'now' | 'captcha'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A link may expire at most a year ahead. */
const MAX_EXPIRY_DAYS = 366;

/** `YYYY-MM-DD HH:mm:ss` in WIB (spec 03 §3.4). */
export function wibDateTime(instant: Date): string {
  return new Date(instant.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** 23:59:59 WIB of `date` (spec 03 §5.5, §9). */
export function endOfWibDay(date: string): Date {
  return new Date(wibDayStart(date).getTime() + DAY_MS - 1000);
}

/** 32 url-safe characters from 192 random bits: what the public link carries. */
export function newPaymentSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** The rules of spec 03 §5.5 past the schema: captcha unless test user, expiry not before today. */
async function checkCreate(
  services: RpServices,
  actor: UserActor,
  input: CreateRequestPaymentBody,
) {
  const now = services.now();
  const today = wibDate(now);
  if (input.expiredDate < today) throw validationError('paylink.errors.expiredPast');
  const latest = wibDate(new Date(now.getTime() + MAX_EXPIRY_DAYS * DAY_MS));
  if (input.expiredDate > latest) throw validationError('paylink.errors.expiredDate');
  if (Number.isNaN(wibDayStart(input.expiredDate).getTime())) {
    throw validationError('paylink.errors.expiredDate');
  }
  if (actor.auth.isTest) return;
  if (!input.recaptcha) throw validationError('paylink.errors.captcha');
  const solved = await services.captcha.verify(input.recaptcha, { now, allowTestKey: false });
  if (!solved) throw refused('paylink.errors.captchaInvalid');
}

export function rowOf(r: Selectable<RequestPaymentsTable>): RequestPaymentRow {
  return {
    id: r.id,
    namePayment: r.name_payment,
    descPayment: r.desc_payment,
    amount: r.amount,
    number: r.max_uses,
    count: r.use_count,
    total: r.total_paid,
    via: r.via,
    timeRequest: wibDateTime(new Date(r.time_request)),
    timeExpired: wibDateTime(new Date(r.time_expired)),
    paymentSecret: r.payment_secret,
  };
}

export async function createRequestPayment(
  services: RpServices,
  actor: UserActor,
  input: CreateRequestPaymentBody,
): Promise<RequestPaymentRow> {
  await checkCreate(services, actor, input);
  const now = services.now();
  const { auth } = actor;
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('request_payments')
      .values({
        agent_id: auth.agent.id,
        environment: auth.environment,
        user_id: auth.user.id,
        payment_secret: newPaymentSecret(),
        name_payment: input.paymentName,
        desc_payment: input.paymentDesc,
        amount: input.amount,
        max_uses: input.paymentLimit,
        via: 'WEB',
        time_request: now,
        time_expired: endOfWibDay(input.expiredDate),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      agentId: auth.agent.id,
      userId: auth.user.id,
      username: auth.user.username,
      action: 'request_payment_create',
      target: String(row.id),
      detail: { amount: row.amount, maxUses: row.max_uses, expires: input.expiredDate },
      ip: actor.ip,
      userAgent: actor.userAgent,
      environment: auth.environment,
      at: now,
    });
    return rowOf(row);
  });
}

export async function listRequestPayments(
  services: Pick<Services, 'db'>,
  actor: UserActor,
  query: { filter: string; limit: number; page: number },
): Promise<{ data: RequestPaymentRow[]; total: number }> {
  const { auth } = actor;
  let q = services.db
    .selectFrom('request_payments')
    .where('agent_id', '=', auth.agent.id)
    .where('environment', '=', auth.environment);
  const filter = query.filter.trim().toLowerCase();
  if (filter) {
    const like = `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name_payment']), 'like', like),
        eb(eb.fn('lower', ['desc_payment']), 'like', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(rowOf), total: Number(count.n) };
}

export function customerRowOf(
  r: Selectable<RequestPaymentCustomersTable>,
): RequestPaymentCustomerRow {
  return {
    id: r.id,
    bankName: r.kind === 'QRIS' ? r.bank_name.split(' ')[0] : r.bank_name,
    kodeBank: r.kode_bank,
    customerReff: r.customer_reff,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    isPaid: r.is_paid,
    vaNumber: r.kind === 'VA' ? r.va_number : r.kind === 'QRIS' ? '-' : r.va_number,
    linkPayment: r.link_payment,
    amount: r.amount,
    timeExpired: wibDateTime(new Date(r.expires_at)),
    paidAt: r.paid_at ? wibDateTime(new Date(r.paid_at)) : null,
  };
}

/** The link (scoped to the caller's agent and environment) and one page of its customers. */
export async function listCustomers(
  services: Pick<Services, 'db'>,
  actor: UserActor,
  query: { idPayment: number; limit: number; page: number },
): Promise<{ payment: RequestPaymentRow; data: RequestPaymentCustomerRow[]; total: number }> {
  const { auth } = actor;
  const link = await services.db
    .selectFrom('request_payments')
    .selectAll()
    .where('id', '=', query.idPayment)
    .where('agent_id', '=', auth.agent.id)
    .where('environment', '=', auth.environment)
    .executeTakeFirst();
  if (!link) throw notFound('paylink.errors.notFound');
  const q = services.db
    .selectFrom('request_payment_customers')
    .where('request_payment_id', '=', link.id)
    .where('agent_id', '=', auth.agent.id);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { payment: rowOf(link), data: rows.map(customerRowOf), total: Number(count.n) };
}
