import type { DataPageDescriptor, Language } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { BuiltQuery } from '../data-pages/built-query';
import { buildQuery } from '../data-pages/engine';
import type { DataPlan } from '../data-pages/query';
import type { SourceScope, Sql } from '../data-pages/sources';
import {
  cursorBatches,
  inSnapshot,
  rowsQuery,
  STREAM_BATCH_ROWS,
  streamRows,
} from '../data-pages/stream';
import { columnTypes, csvLinesQuery } from './csv-lines-sql';
import { openCsvLinesFile, openExportWriter } from './writer';

/** Lines per fetch of the CSV pass: a batch is one string of about a megabyte. */
const CSV_LINES_PER_FETCH = 5_000;

export interface ExportFiles {
  db: Kysely<Database>;
  dbKind: 'postgres' | 'pglite';
  page: DataPageDescriptor;
  plan: DataPlan;
  scope: Omit<SourceScope, 'range'> & { lang: Language };
  /** A null path skips that file. */
  csvPath: string | null;
  xlsxPath: string | null;
}

/**
 * Writes an export's files; returns the rows exported. On PostgreSQL the CSV's lines are made by
 * the database (csv-lines-sql.ts) and the XLSX is written from the rows of a second pass over the
 * same snapshot; a page whose rows are rendered in JavaScript (statement descriptions), a column
 * the SQL lines cannot reproduce exactly, and PGlite (one connection shared by every request:
 * batches by key, no long transaction) write both files from one pass in JavaScript.
 */
export async function writeExportFiles(files: ExportFiles): Promise<number> {
  const { db, page, plan, scope } = files;
  if (files.dbKind === 'postgres' && files.csvPath) {
    const q = buildQuery(page, plan, scope);
    const names = page.columns.map((c) => c.name);
    const lines = q.source.render
      ? null
      : csvLinesQuery(q, page.columns, await columnTypes(db, q, names), scope.lang);
    if (lines) return writeWithSqlLines(files, files.csvPath, lines, q);
  }
  return writeInOnePass(files);
}

async function writeWithSqlLines(
  files: ExportFiles,
  csvPath: string,
  lines: Sql,
  q: BuiltQuery,
): Promise<number> {
  const { page, scope } = files;
  const csv = openCsvLinesFile({ page, lang: scope.lang, path: csvPath });
  const xlsx = files.xlsxPath
    ? openExportWriter({ page, lang: scope.lang, csvPath: null, xlsxPath: files.xlsxPath })
    : null;
  try {
    const rows = await inSnapshot(files.db, async (conn) => {
      // The lines' WIB times are timestamps as text, which follows the date style.
      await sql`set local datestyle = 'ISO, YMD'`.execute(conn);
      const written = await cursorBatches<{ line: string }>(
        conn,
        lines,
        (batch) => csv.write(batch.map((r) => r.line).join('')),
        CSV_LINES_PER_FETCH,
      );
      if (xlsx) {
        await cursorBatches(conn, rowsQuery(q), (batch) => xlsx.write(batch), STREAM_BATCH_ROWS);
      }
      return written;
    });
    await csv.finish();
    await xlsx?.finish();
    return rows;
  } catch (error) {
    csv.abort();
    await xlsx?.abort();
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
    const rows = await streamRows(files.db, files.dbKind, page, files.plan, scope, (batch) =>
      writer.write(batch),
    );
    await writer.finish();
    return rows;
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
