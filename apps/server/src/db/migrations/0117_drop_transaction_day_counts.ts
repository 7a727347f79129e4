import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Removes the per-day count rollups of migration 0115 (ADR 005). Their triggers update one hot
 * row per agent, day, status and cash-in/out, locked until the writer commits: under concurrent
 * withdrawals and pay-ins on PostgreSQL two writers took those rows in opposite orders and
 * deadlocked (40P01, an HTTP 500 on a withdrawal). Page counts are now the capped count with an
 * estimate above EXACT_COUNT_LIMIT (data-pages/count.ts), which writes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    DROP TRIGGER IF EXISTS transaction_day_counts_insert ON transactions;
    DROP TRIGGER IF EXISTS transaction_day_counts_update ON transactions;
    DROP TRIGGER IF EXISTS transaction_day_counts_delete ON transactions;
    DROP FUNCTION IF EXISTS transaction_day_counts_keep();
    DROP TABLE IF EXISTS transaction_day_counts
  `,
  );
}
