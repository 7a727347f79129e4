import type { DataPageDescriptor } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { BuiltQuery } from './built-query';
import type { DataPlan } from './query';
import type { SourceScope } from './sources';

/**
 * The total of a data page (docs/decisions/005): an exact `count(*)` is linear in
 * the rows of the range, 100+ ms for 90 days of a busy merchant. A source with `cappedCount`
 * (transactions) counts exactly up to EXACT_COUNT_LIMIT matching rows, walking the range index
 * newest first; above it the total is PostgreSQL's plan estimate and the answer says so (the
 * page shows "about N"). Other sources keep the exact count. Per-day rollups kept by triggers
 * were tried and removed: their hot rows deadlocked concurrent writers (migration 0117).
 */
export const EXACT_COUNT_LIMIT = 2_000;

export interface PageTotal {
  total: number;
  /** True when `total` is an estimate (more than EXACT_COUNT_LIMIT rows matched). */
  estimated: boolean;
}

/** Three significant figures: an estimate should not look like an exact count. */
export function roundEstimate(value: number): number {
  if (value < 1000) return Math.round(value);
  const step = 10 ** (Math.floor(Math.log10(value)) - 2);
  return Math.round(value / step) * step;
}

function planRowsOf(explain: unknown): number | null {
  // EXPLAIN (FORMAT JSON) answers one row with one json column: [{ Plan: { "Plan Rows": n } }].
  const row = (explain as Array<Record<string, unknown>>)[0];
  let value: unknown = row ? Object.values(row)[0] : null;
  if (typeof value === 'string') value = JSON.parse(value);
  const plan = (value as Array<{ Plan?: { 'Plan Rows'?: number } }> | null)?.[0]?.Plan;
  const rows = plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? rows : null;
}

export async function countPage(
  db: Kysely<Database>,
  page: DataPageDescriptor,
  _plan: DataPlan,
  _scope: Omit<SourceScope, 'range'>,
  q: BuiltQuery,
): Promise<PageTotal> {
  if (!q.source.cappedCount) {
    const exact = await sql<{
      total: number;
    }>`select count(*) as total from ${q.from} where ${q.where}`.execute(db);
    return { total: Number(exact.rows[0]?.total ?? 0), estimated: false };
  }
  // In the order of the range column (newest first): the range index (which carries the amounts,
  // migration 0116) is walked until enough rows matched. Without an order PostgreSQL may build a
  // bitmap of every candidate first, which a LIMIT cannot stop.
  const rangeColumn = page.dateRange ? q.columns[page.dateRange.column] : undefined;
  const order = rangeColumn ? sql`order by ${rangeColumn.raw} desc` : sql``;
  const capped = await sql<{ total: number }>`select count(*) as total from (
      select 1 from ${q.from} where ${q.where} ${order} limit ${EXACT_COUNT_LIMIT + 1}) capped`.execute(
    db,
  );
  const counted = Number(capped.rows[0]?.total ?? 0);
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, estimated: false };

  const explain = await sql`explain (format json) select 1 from ${q.from} where ${q.where}`.execute(
    db,
  );
  const planned = planRowsOf(explain.rows) ?? counted;
  return { total: Math.max(counted, roundEstimate(planned)), estimated: true };
}
