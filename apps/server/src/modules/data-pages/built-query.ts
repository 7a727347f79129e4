import type { DataSource, SourceColumn, Sql } from './sources';

/**
 * A page's query in parts, as the engine builds it (engine.ts `buildQuery`) and the counter reads
 * it (count.ts): its own file so the two do not import each other.
 */
export interface BuiltQuery {
  /** SELECT list: every descriptor column (and the row key) under its spec name. */
  select: Sql;
  from: Sql;
  where: Sql;
  orderBy: Sql;
  source: DataSource;
  columns: Record<string, SourceColumn>;
}
