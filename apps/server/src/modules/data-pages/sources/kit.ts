import type { Environment, Language } from '@gerbang/shared';
import { type RawBuilder, sql } from 'kysely';

/** What every data-page source is made of: the types the engine reads and the column helpers. */
export type Sql = RawBuilder<unknown>;

/**
 * How the engine compares a column: `instant` is a timestamptz (date filters become WIB day
 * boundaries), `date` a WIB business date column.
 */
export type ValueKind = 'number' | 'text' | 'instant' | 'date' | 'bool';

export interface SourceColumn {
  /** The column's value; filters and sorting use it. */
  raw: Sql;
  kind: ValueKind;
  /**
   * What the answer carries, when it differs from `raw` (dates as YYYY-MM-DD text). Defaults to
   * `raw`, or `to_char(raw, 'YYYY-MM-DD')` for `date`.
   */
  output?: Sql;
}

export interface SourceScope {
  agentId: number;
  environment: Environment;
  userId: number;
  now: Date;
  /** The date range applied, as WIB dates; sources that aggregate apply it inside. */
  range: { from: string; to: string } | null;
  /** The reader's language: server-written descriptions render in it (default Indonesian). */
  lang?: Language;
}

export interface DataSource {
  /** The FROM clause with its joins (or a derived table). */
  from(scope: SourceScope): Sql;
  /** Conditions every query of the page carries: the tenant scope first. */
  where(scope: SourceScope): Sql[];
  columns(scope: SourceScope): Record<string, SourceColumn>;
  /** A unique, non-null expression: the tie-breaker of every sort and the export cursor key. */
  tiebreak: Sql;
  /** The source applies the date range itself (aggregated pages); the engine must not. */
  rangeInside?: boolean;
  /** The `param` / `vaCode` pre-filter (the VA bank selector). */
  param?: (value: string) => Sql;
  /**
   * Turns stored kinds and parameters into the reader's words, in place, for the page and the
   * export alike (the statement's descriptions).
   */
  render?: (rows: Array<Record<string, unknown>>, lang: Language) => void;
  /** Counted exactly up to EXACT_COUNT_LIMIT rows, estimated above (count.ts); else exact. */
  cappedCount?: boolean;
}

export const n = (raw: Sql): SourceColumn => ({ raw, kind: 'number' });
export const s = (raw: Sql): SourceColumn => ({ raw, kind: 'text' });
export const at = (raw: Sql): SourceColumn => ({ raw, kind: 'instant' });
export const d = (raw: Sql): SourceColumn => ({ raw, kind: 'date' });
export const b = (raw: Sql): SourceColumn => ({ raw, kind: 'bool' });

/** Standard tenant scope of a business table aliased `alias`. */
export function tenant(alias: string) {
  const a = sql.raw(alias);
  return (scope: SourceScope): Sql[] => [
    sql`${a}.agent_id = ${scope.agentId}`,
    sql`${a}.environment = ${scope.environment}`,
  ];
}

/** The agent's own name, for pages whose rows all belong to the caller. */
export function ownerName(scope: SourceScope): Sql {
  return sql`(select nama_agen from agents where id = ${scope.agentId})`;
}
export function ownerUsername(scope: SourceScope): Sql {
  return sql`(select username from agents where id = ${scope.agentId})`;
}
