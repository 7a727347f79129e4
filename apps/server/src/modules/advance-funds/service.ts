/**
 * Advance funds requests (dana talangan, spec 03 §2.9, §3.6, §5.8, §7.7): the merchant names a
 * product and a range of days; the server decides which days it will advance.
 *
 * A day is rejected when it is in the future (WIB), when the product had no sales that day (no paid
 * pay-in: an `incoming_holds` row of the product, agent and environment, not failed), or when a
 * live request of the same product (New, Approved or Disbursed, not deleted) already covers it.
 * The advance (`nominal`) is the net sales (hold amounts) of the accepted days. `create_talangan`
 * saves nothing when a day is rejected and answers rc 99 with the days; `create_talangan_next`
 * ("Tetap Simpan") saves the request with its rejected days listed and advances only the others.
 * The provider decides in the console (review.ts); money moves only on approval.
 */

import { type Environment, RC, wibDate } from '@gerbang/shared';
import {
  ADVANCE_FUNDS_LIMITS,
  type CreateTalanganAnswer,
  type CreateTalanganBody,
  type MissingDate,
  type TalanganProduct,
} from '@gerbang/shared/contract/advance-funds';
import { PAYIN_CHANNELS } from '@gerbang/shared/domain/payin-channels';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';

type AdvanceServices = Pick<Services, 'db' | 'now' | 'captcha'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The pay-in products money comes in through (one entry per product code), for the picker. */
export function talanganProducts(): TalanganProduct[] {
  const seen = new Map<string, TalanganProduct>();
  for (const channel of PAYIN_CHANNELS) {
    if (!seen.has(channel.productCode)) {
      const name = channel.kind === 'QRIS' ? 'QRIS' : channel.name;
      seen.set(channel.productCode, { id_produk: channel.productCode, nama_produk: name });
    }
  }
  return [...seen.values()];
}

/**
 * The products the merchant can ask an advance for: pay-in products it has sales of. A product
 * without any (a payout product, a channel never used) could only be refused, so it is not
 * offered; days of a listed product are still judged one by one (judgeDays).
 */
export async function advanceableProducts(
  services: Pick<Services, 'db' | 'now'>,
  owner: Owner,
): Promise<TalanganProduct[]> {
  const rows = await services.db
    .selectFrom('incoming_holds')
    .select('id_produk')
    .distinct()
    .where('agent_id', '=', owner.agentId)
    .where('environment', '=', owner.environment)
    .where('hold_amount', '>', 0)
    .where('created_date', '<=', wibDate(services.now()))
    .execute();
  const withSales = new Set(rows.map((r) => r.id_produk));
  return talanganProducts().filter((p) => withSales.has(p.id_produk));
}

/** Every date from `from` to `to` inclusive (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

interface Owner {
  agentId: number;
  environment: Environment;
}

/**
 * The rejected days and the net sales of the accepted ones (reads through `trx`). Only sales not yet
 * settled count (is_sent 0 waiting, 3 in process): settled money is already on the merchant's
 * balance, and advancing it again would pay it twice with nothing left to recover it from.
 */
export async function judgeDays(
  trx: Kysely<Database>,
  owner: Owner,
  product: string,
  days: string[],
  today: string,
): Promise<{ missing: MissingDate[]; nominal: number }> {
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const sales = await sql<{ day: string; total: number }>`
    select to_char(created_date, 'YYYY-MM-DD') as day, sum(hold_amount)::bigint as total
    from incoming_holds
    where agent_id = ${owner.agentId} and environment = ${owner.environment}
      and id_produk = ${product} and is_sent in (0, 3)
      and created_date between ${from}::date and ${to}::date
    group by created_date`.execute(trx);
  const salesOf = new Map(sales.rows.map((r) => [r.day, Number(r.total)]));
  const live = await trx
    .selectFrom('dana_talangan_requests')
    .select([
      sql<string>`to_char(date_from, 'YYYY-MM-DD')`.as('date_from'),
      sql<string>`to_char(date_to, 'YYYY-MM-DD')`.as('date_to'),
      'missing_dates',
    ])
    .where('agent_id', '=', owner.agentId)
    .where('environment', '=', owner.environment)
    .where('id_produk', '=', product)
    .where('deleted_at', 'is', null)
    .where('status', 'in', [0, 1, 3])
    .where('date_from', '<=', to)
    .where('date_to', '>=', from)
    .execute();
  const advanced = new Set<string>();
  for (const r of live) {
    const skipped = new Set(missingDays(r.missing_dates));
    for (const d of daysBetween(r.date_from, r.date_to)) if (!skipped.has(d)) advanced.add(d);
  }
  const missing: MissingDate[] = [];
  let nominal = 0;
  for (const day of days) {
    if (day > today) missing.push({ date: day, reason: 'future' });
    else if (advanced.has(day)) missing.push({ date: day, reason: 'already_advanced' });
    else if (!salesOf.get(day)) missing.push({ date: day, reason: 'no_sales' });
    else nominal += salesOf.get(day) ?? 0;
  }
  return { missing, nominal };
}

/** The days of a stored `missing_dates` value (objects of this module, or plain strings). */
export function missingDays(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .map((d) => (typeof d === 'string' ? d : (d as { date?: unknown })?.date))
    .filter((d): d is string => typeof d === 'string');
}

async function checkCaptcha(services: AdvanceServices, actor: UserActor, recaptcha: string) {
  if (actor.auth.isTest) return;
  const solved = await services.captcha.verify(recaptcha, {
    now: services.now(),
    allowTestKey: false,
  });
  if (!solved) throw refused('advanceFunds.captchaInvalid');
}

/**
 * POST data/create_talangan (`force` false) and data/create_talangan_next (`force` true). One
 * transaction that locks the agent row, so two parallel requests cannot both advance a day.
 */
export async function createTalangan(
  services: AdvanceServices,
  actor: UserActor,
  input: CreateTalanganBody,
  opts: { force: boolean },
): Promise<CreateTalanganAnswer> {
  const product = talanganProducts().find((p) => p.id_produk === input.kode_produk);
  if (!product) throw validationError('advanceFunds.chooseProduct');
  const days = daysBetween(input.date_from, input.date_to);
  if (days.length > ADVANCE_FUNDS_LIMITS.maxDays) {
    throw validationError('advanceFunds.tooManyDays', { max: ADVANCE_FUNDS_LIMITS.maxDays });
  }
  if (!actor.auth.isTest && !input.recaptcha) throw validationError('advanceFunds.captcha');
  const now = services.now();
  const { auth } = actor;
  const owner: Owner = { agentId: auth.agent.id, environment: auth.environment };
  const rejected = (missing: MissingDate[]) =>
    new ApiError(RC.ADVANCE_FUNDS_REJECTED, 'advanceFunds.datesRejected', undefined, {
      missing_dates: missing,
    });
  // Rejected days are answered before the captcha is spent, so "Tetap Simpan" can send the same
  // solved captcha again (a solution is accepted once).
  const first = await judgeDays(services.db, owner, product.id_produk, days, wibDate(now));
  if (first.missing.length > 0 && !opts.force) throw rejected(first.missing);
  // Every day rejected (or sales of Rp 0): there is nothing to advance, so nothing is queued.
  if (first.nominal <= 0) throw refused('advanceFunds.nothingToAdvance');
  await checkCaptcha(services, actor, input.recaptcha);
  return services.db.transaction().execute(async (trx) => {
    await sql`select id from agents where id = ${owner.agentId} for update`.execute(trx);
    const { missing, nominal } = await judgeDays(trx, owner, product.id_produk, days, wibDate(now));
    // Judged again under the agent's lock: a parallel request may have taken the days meanwhile.
    if (missing.length > 0 && !opts.force) throw rejected(missing);
    if (nominal <= 0) throw refused('advanceFunds.nothingToAdvance');
    const row = await trx
      .insertInto('dana_talangan_requests')
      .values({
        agent_id: owner.agentId,
        environment: owner.environment,
        user_id: auth.user.id,
        username: auth.user.username,
        date_from: input.date_from,
        date_to: input.date_to,
        id_produk: product.id_produk,
        nama_produk: product.nama_produk,
        nominal,
        status: 0,
        forced: missing.length > 0,
        missing_dates: JSON.stringify(missing),
        created_at: now,
        created_date: wibDate(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      at: now,
      agentId: owner.agentId,
      userId: auth.user.id,
      username: auth.user.username,
      action: 'dana_talangan_create',
      target: String(row.id),
      detail: {
        product: product.id_produk,
        from: input.date_from,
        to: input.date_to,
        nominal,
        rejected: missing.map((m) => m.date),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
      environment: owner.environment,
    });
    return { id: row.id, nominal, missing_dates: missing };
  });
}
