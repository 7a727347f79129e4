import type { DataPageDescriptor } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { BuiltQuery } from './built-query';
import { buildQuery } from './engine';
import type { DataPlan } from './query';
import type { SourceScope, Sql } from './sources';

export type Row = Record<string, unknown>;

/**
 * Awaited after each batch with how long the batch took; the next is asked for once it resolves
 * (an export giving way to requests, modules/exports/give-way.ts).
 */
export type Pace = (batchMs: number) => Promise<void>;

/** A page's whole result in its order: what an export reads. */
export function rowsQuery(q: BuiltQuery): Sql {
  return sql`select ${q.select} from ${q.from} where ${q.where} order by ${q.orderBy}`;
}

/** Rows fetched per round trip; bounds the memory of an export whatever the result size. */
export const STREAM_BATCH_ROWS = 1_000;

/**
 * Reads the whole result of a plan, in the page's order, one bounded batch at a time, and hands
 * each batch to `onBatch` before fetching the next (so a slow writer slows the reader, and memory
 * stays flat). On PostgreSQL: one server-side cursor in a read-only repeatable-read transaction,
 * a consistent snapshot. On PGlite (one connection shared by every request): keyset batches, so
 * requests still get the connection between two batches.
 */
export async function streamRows(
  db: Kysely<Database>,
  dbKind: 'postgres' | 'pglite',
  page: DataPageDescriptor,
  plan: DataPlan,
  scope: Omit<SourceScope, 'range'>,
  onBatch: (rows: Row[]) => Promise<void>,
  batchRows = STREAM_BATCH_ROWS,
  pace?: Pace,
): Promise<number> {
  const q = buildQuery(page, plan, scope);
  const render = q.source.render;
  if (render) {
    // Stored kinds and parameters in the export's language (the statement's descriptions).
    const write = onBatch;
    onBatch = (rows) => {
      render(rows, scope.lang ?? 'id');
      return write(rows);
    };
  }
  const query = rowsQuery(q);
  if (dbKind === 'postgres') return streamWithCursor(db, query, onBatch, batchRows, pace);

  const sortRaw = q.columns[plan.sort.column]?.raw;
  if (!sortRaw) throw new Error(`no sort column ${plan.sort.column}`);
  return streamWithKeyset(db, q, sortRaw, plan.sort.direction, onBatch, batchRows, pace);
}

function streamWithCursor(
  db: Kysely<Database>,
  query: Sql,
  onBatch: (rows: Row[]) => Promise<void>,
  batchRows: number,
  pace?: Pace,
): Promise<number> {
  return inSnapshot(db, (conn) => cursorBatches(conn, query, onBatch, batchRows, pace));
}

/**
 * Runs `work` on one connection inside a read-only repeatable-read transaction: every query of
 * it sees the same snapshot (an export's CSV and XLSX passes hold the same rows).
 */
export function inSnapshot<T>(
  db: Kysely<Database>,
  work: (conn: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin isolation level repeatable read read only`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw error;
    }
  });
}

/**
 * Reads a query through a server-side cursor, `batchRows` at a time, inside the caller's
 * transaction (inSnapshot); returns the rows read. Fetch and write overlap: the next batch is
 * asked for before this one is handed on, so the database reads and sends it while the writer
 * formats (one batch ahead, memory stays flat). `pace`, if given, is awaited before each next
 * batch is asked for, with how long the last one took (an export giving way to requests).
 */
export async function cursorBatches<R = Row>(
  conn: Kysely<Database>,
  query: Sql,
  onBatch: (rows: R[]) => Promise<void>,
  batchRows: number,
  pace?: Pace,
): Promise<number> {
  let total = 0;
  await sql`declare export_rows no scroll cursor for ${query}`.execute(conn);
  const fetch = sql`fetch forward ${sql.raw(String(Math.trunc(batchRows)))} from export_rows`;
  let asked = performance.now();
  let next: Promise<{ rows: unknown[] }> | null = fetch.execute(conn);
  while (next) {
    const rows = (await next).rows as R[];
    next = null;
    if (rows.length === batchRows) {
      await pace?.(performance.now() - asked);
      asked = performance.now();
      next = fetch.execute(conn);
    }
    if (rows.length === 0) break;
    total += rows.length;
    try {
      await onBatch(rows);
    } catch (error) {
      // The fetch in flight must settle before the rollback on the same connection.
      await next?.catch(() => {});
      throw error;
    }
  }
  await sql`close export_rows`.execute(conn);
  return total;
}

async function streamWithKeyset(
  db: Kysely<Database>,
  q: ReturnType<typeof buildQuery>,
  sortRaw: Sql,
  direction: 'asc' | 'desc',
  onBatch: (rows: Row[]) => Promise<void>,
  batchRows: number,
  pace?: Pace,
): Promise<number> {
  const tie = q.source.tiebreak;
  let last: { sort: string | null; key: string } | null = null;
  let total = 0;
  for (let started = performance.now(); ; started = performance.now()) {
    // Order is `sort dir, tiebreak dir` with PostgreSQL's null placement: last when ascending,
    // first when descending. Continue strictly after the last row seen.
    let after: Sql = sql`true`;
    if (last !== null && direction === 'asc') {
      after =
        last.sort !== null
          ? sql`(${sortRaw} > ${last.sort} or (${sortRaw} = ${last.sort} and ${tie} > ${last.key}) or ${sortRaw} is null)`
          : sql`(${sortRaw} is null and ${tie} > ${last.key})`;
    } else if (last !== null) {
      after =
        last.sort !== null
          ? sql`(${sortRaw} < ${last.sort} or (${sortRaw} = ${last.sort} and ${tie} < ${last.key}))`
          : sql`((${sortRaw} is null and ${tie} < ${last.key}) or ${sortRaw} is not null)`;
    }
    const result =
      await sql<Row>`select ${q.select}, ${sortRaw}::text as "__sort", ${tie}::text as "__key"
      from ${q.from} where ${q.where} and ${after}
      order by ${q.orderBy} limit ${batchRows}`.execute(db);
    const rows = result.rows;
    if (rows.length === 0) break;
    const tail = rows[rows.length - 1] as Row;
    last = {
      sort: tail.__sort === null || tail.__sort === undefined ? null : String(tail.__sort),
      key: String(tail.__key),
    };
    for (const row of rows) {
      delete row.__sort;
      delete row.__key;
    }
    total += rows.length;
    await onBatch(rows);
    if (rows.length < batchRows) break;
    await pace?.(performance.now() - started);
  }
  return total;
}
