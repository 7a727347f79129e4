import type { VoucherItem } from '@gerbang/shared/contract/transfer';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';

type Db = Kysely<Database>;

/**
 * Uses of a voucher by a user: orders that carry it, except NEW orders past their expiry (never
 * paid, they give the use back).
 */
async function usesOf(db: Db, voucherId: number, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('voucher_uses as u')
    .innerJoin('transfer_orders as o', 'o.id', 'u.order_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('u.voucher_id', '=', voucherId)
    .where('u.user_id', '=', userId)
    .where((eb) => eb.or([eb('o.status', '<>', 'NEW'), eb('o.time_expired', '>', now)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** GET transaction/list_voucher: vouchers valid now that this user may still use. */
export async function listVouchers(services: Services, actor: UserActor): Promise<VoucherItem[]> {
  const now = services.now();
  const rows = await services.db
    .selectFrom('vouchers')
    .selectAll()
    .where('environment', '=', actor.auth.environment)
    .where('is_active', '=', true)
    .where('valid_from', '<=', now)
    .where('valid_until', '>', now)
    .orderBy('id')
    .execute();
  const out: VoucherItem[] = [];
  for (const row of rows) {
    const left = row.per_user_limit - (await usesOf(services.db, row.id, actor.auth.user.id, now));
    if (left <= 0) continue;
    out.push({
      voucher_kode: row.kode,
      voucher_keterangan: row.keterangan,
      voucher_nominal: Number(row.nominal),
      valid_until: new Date(row.valid_until).toISOString(),
      uses_left: left,
    });
  }
  return out;
}

/**
 * The voucher an order names, locked (inside the order's transaction): valid now and not used up by
 * this user. Concurrent orders with the same voucher queue on the row lock.
 */
export async function claimVoucher(
  trx: Db,
  actor: UserActor,
  code: string,
  now: Date,
): Promise<{ id: number; nominal: number }> {
  const row = await trx
    .selectFrom('vouchers')
    .selectAll()
    .where('environment', '=', actor.auth.environment)
    .where('kode', '=', code.trim().toUpperCase())
    .forUpdate()
    .executeTakeFirst();
  if (!row?.is_active) throw refused('transfer.voucherNotFound');
  const from = new Date(row.valid_from).getTime();
  const until = new Date(row.valid_until).getTime();
  if (now.getTime() < from || now.getTime() >= until) throw refused('transfer.voucherExpired');
  if ((await usesOf(trx, row.id, actor.auth.user.id, now)) >= row.per_user_limit) {
    throw refused('transfer.voucherUsedUp');
  }
  return { id: row.id, nominal: Number(row.nominal) };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Demo vouchers (idempotent): valid from a day ago for ninety days. */
export const DEMO_VOUCHERS = [
  { kode: 'HEMAT5K', keterangan: 'Potongan Rp 5.000 untuk transfer', nominal: 5_000, limit: 1 },
  { kode: 'GRATIS2500', keterangan: 'Gratis biaya admin Rp 2.500', nominal: 2_500, limit: 3 },
  { kode: 'TRANSFER10K', keterangan: 'Potongan Rp 10.000', nominal: 10_000, limit: 1 },
] as const;

export async function seedVouchers(db: Db, now: Date): Promise<void> {
  for (const environment of ['production', 'sandbox'] as const) {
    await db
      .insertInto('vouchers')
      .values(
        DEMO_VOUCHERS.map((v) => ({
          environment,
          kode: v.kode,
          keterangan: v.keterangan,
          nominal: v.nominal,
          valid_from: new Date(now.getTime() - DAY_MS),
          valid_until: new Date(now.getTime() + 90 * DAY_MS),
          per_user_limit: v.limit,
        })),
      )
      .onConflict((oc) => oc.columns(['environment', 'kode']).doNothing())
      .execute();
  }
}
