import type { DataPageDescriptor, Language } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { buildQuery } from '../data-pages/engine';
import type { DataPlan } from '../data-pages/query';
import type { SourceScope, Sql } from '../data-pages/sources';
import type { Pace } from '../data-pages/stream';
import { cursorBatches, inSnapshot, streamRows } from '../data-pages/stream';
import { columnTypes, csvLinesQuery } from './csv-lines-sql';
import { openCsvLinesFile, openExportWriter, openExportXlsx } from './writer';
import { xlsxRowsQuery } from './xlsx-rows-sql';

/** Lines per fetch: a batch is one string of about 350 KB (a sheet row is 4–5 times a line). */
const LINES_PER_FETCH = 2_000;
const SHEET_ROWS_PER_FETCH = 500;

export interface ExportFiles {
  db: Kysely<Database>;
  dbKind: 'postgres' | 'pglite';
  page: DataPageDescriptor;
  plan: DataPlan;
  scope: Omit<SourceScope, 'range'> & { lang: Language };
  /** A null path skips that file. */
  csvPath: string | null;
  xlsxPath: string | null;
  /** Awaited between batches (give-way.ts); none: full speed. */
  pace?: Pace;
}

/**
 * Writes an export's files; returns the rows exported. On PostgreSQL the database makes the CSV's
 * lines (csv-lines-sql.ts) and the XLSX's sheet rows (xlsx-rows-sql.ts), one pass per file over
 * the same snapshot, and the worker only writes and zips them. JavaScript formats the rows, both
 * files in one pass, for a page whose rows are rendered in JavaScript (statement descriptions), a
 * column the SQL cannot reproduce exactly, and on PGlite (one connection shared by every request:
 * batches by key, no long transaction).
 */
export async function writeExportFiles(files: ExportFiles): Promise<number> {
  const { db, page, plan, scope } = files;
  if (files.dbKind === 'postgres') {
    const q = buildQuery(page, plan, scope);
    if (!q.source.render) {
      const types = await columnTypes(
        db,
        q,
        page.columns.map((c) => c.name),
      );
      const lines = files.csvPath ? csvLinesQuery(q, page.columns, types, scope.lang) : null;
      const sheetRows = files.xlsxPath ? xlsxRowsQuery(q, page.columns, types, scope.lang) : null;
      const csvReady = !files.csvPath || lines;
      const xlsxReady = !files.xlsxPath || sheetRows;
      if (csvReady && xlsxReady) return writeFromSql(files, lines, sheetRows);
    }
  }
  return writeInOnePass(files);
}

/** Both files from the database's finished lines and rows, in one snapshot. */
async function writeFromSql(
  files: ExportFiles,
  lines: Sql | null,
  sheetRows: Sql | null,
): Promise<number> {
  const { page, scope } = files;
  const csv =
    files.csvPath && lines
      ? openCsvLinesFile({ page, lang: scope.lang, path: files.csvPath })
      : null;
  const book =
    files.xlsxPath && sheetRows
      ? openExportXlsx({ page, lang: scope.lang, path: files.xlsxPath })
      : null;
  try {
    const rows = await inSnapshot(files.db, async (conn) => {
      // The WIB times written as text are timestamps as text, which follow the date style.
      await sql`set local datestyle = 'ISO, YMD'`.execute(conn);
      // One backend, not a gather of workers: an export is background work, requests come first.
      await sql`set local max_parallel_workers_per_gather = 0`.execute(conn);
      let written = 0;
      if (csv && lines) {
        written = await cursorBatches<{ line: string }>(
          conn,
          lines,
          (batch) => csv.write(batch.map((r) => r.line).join('')),
          LINES_PER_FETCH,
          files.pace,
        );
      }
      if (book && sheetRows) {
        written = await cursorBatches<{ xml: string }>(
          conn,
          sheetRows,
          (batch) => book.addRowXml(batch.map((r) => r.xml)),
          SHEET_ROWS_PER_FETCH,
          files.pace,
        );
      }
      return written;
    });
    await csv?.finish();
    await book?.finish();
    return rows;
  } catch (error) {
    csv?.abort();
    await book?.abort();
    throw error;
  }
}

async function writeInOnePass(files: ExportFiles): Promise<number> {
  const { page, scope } = files;
  const writer = openExportWriter({
    page,
    lang: scope.lang,
    csvPath: files.csvPath,
    xlsxPath: files.xlsxPath,
  });
  try {
    const rows = await streamRows(
      files.db,
      files.dbKind,
      page,
      files.plan,
      scope,
      (batch) => writer.write(batch),
      undefined,
      files.pace,
    );
    await writer.finish();
    return rows;
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
