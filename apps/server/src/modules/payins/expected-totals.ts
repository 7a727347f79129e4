/**
 * Unique totals on the provider's receiving accounts. A manual bank transfer is matched by its
 * account and exact total (bank-transfer.ts): an open top-up and an open transfer order paid by
 * manual transfer each make the payer add a unique code (100–999) to the amount, and no two open
 * expectations of either kind may share the resulting total on one account. The code is claimed
 * in `expected_transfer_totals` (unique per environment, account and total) inside the
 * transaction that writes the holder, so the database refuses a second claim of the same total,
 * however many requests race; a lost race tries another free code.
 */
import { randomInt } from 'node:crypto';
import type { Environment } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Trx = Kysely<Database>;

export interface UniqueTotalRequest {
  environment: Environment;
  accountNumber: string;
  /** The amount before its unique code. */
  base: number;
  minCode: number;
  maxCode: number;
  /** Codes the caller knows are taken besides the claims (e.g. its own open rows). */
  taken?: Iterable<number>;
  source: { kind: 'deposit' | 'transfer_order'; id: string };
  expiresAt: Date;
  now: Date;
}

/** How many free codes a request tries before it gives up (each lost race costs one). */
const CLAIM_ATTEMPTS = 20;

/** Clears claims in the range whose holder no longer waits for money. */
async function clearStale(trx: Trx, r: UniqueTotalRequest, min: number, max: number) {
  await sql`
    DELETE FROM expected_transfer_totals t
    WHERE t.environment = ${r.environment}
      AND t.account_number = ${r.accountNumber}
      AND t.total BETWEEN ${min} AND ${max}
      AND (
        t.expires_at <= ${r.now}
        OR (t.source_kind = 'transfer_order' AND NOT EXISTS (
          SELECT 1 FROM transfer_orders o
          WHERE o.id = t.source_id AND o.status = 'NEW' AND o.time_expired > ${r.now}))
        OR (t.source_kind = 'deposit' AND NOT EXISTS (
          SELECT 1 FROM deposits d WHERE d.id_deposit = t.source_id AND d.status = 0))
      )
  `.execute(trx);
}

/**
 * Claims a free unique code for `base` on the account and answers it, or null when every code in
 * the range is held. Call inside the transaction that writes the holder row.
 */
export async function claimUniqueTotal(trx: Trx, r: UniqueTotalRequest): Promise<number | null> {
  const min = r.base + r.minCode;
  const max = r.base + r.maxCode;
  await clearStale(trx, r, min, max);
  const held = await trx
    .selectFrom('expected_transfer_totals')
    .select('total')
    .where('environment', '=', r.environment)
    .where('account_number', '=', r.accountNumber)
    .where('total', '>=', min)
    .where('total', '<=', max)
    .execute();
  const used = new Set<number>([...held.map((h) => Number(h.total) - r.base), ...(r.taken ?? [])]);
  const free: number[] = [];
  for (let code = r.minCode; code <= r.maxCode; code++) if (!used.has(code)) free.push(code);
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS && free.length > 0; attempt++) {
    const [code] = free.splice(randomInt(0, free.length), 1) as [number];
    const claimed = await trx
      .insertInto('expected_transfer_totals')
      .values({
        environment: r.environment,
        account_number: r.accountNumber,
        total: r.base + code,
        source_kind: r.source.kind,
        source_id: r.source.id,
        expires_at: r.expiresAt,
        created_at: r.now,
      })
      .onConflict((oc) => oc.columns(['environment', 'account_number', 'total']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (claimed) return code;
  }
  return null;
}
