/**
 * Reading an uploaded bulk VA file as it streams in: CSV through csv-parse, XLSX through exceljs'
 * streaming workbook reader. The first row names the columns (the sample file's header); every
 * later row is read and checked with the shared rules, and the first bad cell stops the read with
 * its row (the file's line, header = 1) and column. Nothing is written: the rows go back to the
 * page's table, and only `store_va_bulk` creates anything.
 */
import type { Readable } from 'node:stream';
import { RC } from '@gerbang/shared';
import {
  BULK_VA_COLUMNS,
  BULK_VA_LIMITS,
  type BulkVaCellProblem,
  type BulkVaColumn,
  type BulkVaRow,
  bulkVaHeaderProblem,
  bulkVaRowProblem,
  type CellValue,
  readBulkVaRecord,
} from '@gerbang/shared/contract/bulk-va';
import { CsvError, parse } from 'csv-parse';
import { ApiError, validationError } from '../../http/errors';
import { loadExcelJS } from '../../platform/lazy-libs';
import { InvalidUtf8Error, utf8LineGuard } from '../../platform/utf8-lines';

export type BulkVaFileKind = 'csv' | 'xlsx';

/** A bad cell: rc 14-style validation with `{row, column}` in `data` and both in the message. */
export function cellError(problem: BulkVaCellProblem, vars: Record<string, string> = {}): ApiError {
  return new ApiError(
    RC.VALIDATION,
    problem.key,
    { row: problem.row, column: problem.column, ...vars },
    { row: problem.row, column: problem.column },
  );
}

/** The file's kind by its name or its media type; null for anything else. */
export function fileKind(filename: string, mimetype: string): BulkVaFileKind | null {
  const name = filename.toLowerCase();
  if (name.endsWith('.xlsx') || mimetype.includes('spreadsheetml')) return 'xlsx';
  if (name.endsWith('.csv') || mimetype === 'text/csv') return 'csv';
  return null;
}

/** Collects checked rows; throws at the first bad header or cell. */
class RowCollector {
  private columns: (BulkVaColumn | null)[] | null = null;
  readonly rows: BulkVaRow[] = [];

  constructor(private readonly now: Date) {}

  add(line: number, cells: CellValue[]): void {
    if (this.columns === null) {
      const header = cells.map((c) => String(c ?? '').trim());
      const problem = bulkVaHeaderProblem(header);
      if (problem) throw cellError({ ...problem, row: line });
      this.columns = header.map((h) => {
        const name = h.toLowerCase();
        return BULK_VA_COLUMNS.includes(name as BulkVaColumn) ? (name as BulkVaColumn) : null;
      });
      return;
    }
    if (cells.every((c) => c === null || c === undefined || String(c).trim() === '')) return;
    if (this.rows.length >= BULK_VA_LIMITS.maxRows)
      throw validationError('bulkva.errors.tooManyRows');
    const record: Partial<Record<BulkVaColumn, CellValue>> = {};
    this.columns.forEach((column, i) => {
      if (column) record[column] = cells[i];
    });
    const read = readBulkVaRecord(record, line);
    if (!read.ok) throw cellError(read.problem);
    const problem = bulkVaRowProblem(read.row, line, this.now);
    if (problem) throw cellError(problem);
    this.rows.push(read.row);
  }

  finish(): BulkVaRow[] {
    if (this.rows.length === 0) throw validationError('bulkva.errors.noRows');
    return this.rows;
  }
}

async function readCsv(stream: Readable, collector: RowCollector): Promise<void> {
  // Broken UTF-8 is refused with its line rather than read as U+FFFD.
  const guard = utf8LineGuard();
  const parser = stream.pipe(guard).pipe(
    parse({
      bom: true,
      delimiter: [',', ';'],
      relax_column_count: false,
      skip_empty_lines: true,
      info: true,
    }),
  );
  // pipe() does not pass a failing upload on (a cut multipart body): without this the parser
  // waits for the end forever and the request never answers.
  let uploadError: unknown = null;
  stream.once('error', (error) => {
    uploadError = error;
    parser.destroy(error);
  });
  guard.once('error', (error) => parser.destroy(error));
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      collector.add(info.lines, record);
    }
  } catch (error) {
    stream.resume();
    if (error instanceof InvalidUtf8Error) {
      throw new ApiError(
        RC.VALIDATION,
        'bulkva.errors.encoding',
        { row: error.line, column: 'file' },
        { row: error.line, column: 'file' },
      );
    }
    if (error instanceof CsvError || (uploadError !== null && error === uploadError)) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
      const detail = error instanceof CsvError ? error.code : 'UPLOAD_INCOMPLETE';
      throw new ApiError(
        RC.VALIDATION,
        'bulkva.errors.malformed',
        { row: line, column: 'file', detail },
        { row: line, column: 'file' },
      );
    }
    throw error;
  }
}

/** Plain value of an exceljs cell: rich text joined, formula results, hyperlink texts. */
function cellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') return value as CellValue;
  const v = value as {
    richText?: { text: string }[];
    result?: unknown;
    text?: unknown;
    error?: string;
  };
  if (v.richText) return v.richText.map((part) => part.text).join('');
  if ('result' in v) return cellValue(v.result);
  if (v.text !== undefined) return cellValue(v.text);
  if (v.error) return v.error;
  return String(value);
}

/**
 * The upload is bounded (BULK_VA_LIMITS.maxFileBytes), so it is read whole and loaded from its zip
 * directory. exceljs' streaming WorkbookReader reads entries in stored order and intermittently
 * reaches a worksheet before xl/workbook.xml — a good file then reads as broken (exceljs issue
 * 3064; seen here on Node 24 with an exceljs-written file).
 */
async function readXlsx(stream: Readable, collector: RowCollector): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const book = new (await loadExcelJS()).Workbook();
  try {
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  } catch {
    throw validationError('bulkva.errors.badXlsx');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw validationError('bulkva.errors.badXlsx');
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    collector.add(row.number, Array.from(values, cellValue));
  });
}

/**
 * Reads the rows of an upload. `truncated` tells whether the upload went over the size limit;
 * it is checked before any parse error, since a cut file reads as a broken one.
 */
export async function readBulkVaFile(
  kind: BulkVaFileKind,
  stream: Readable,
  now: Date,
  truncated: () => boolean,
): Promise<BulkVaRow[]> {
  const collector = new RowCollector(now);
  // A cut upload has failed before its file is read: it would never end, so refuse it here.
  if (stream.errored && !truncated()) {
    if (kind === 'xlsx') throw validationError('bulkva.errors.badXlsx');
    throw new ApiError(
      RC.VALIDATION,
      'bulkva.errors.malformed',
      { row: 0, column: 'file', detail: 'UPLOAD_INCOMPLETE' },
      { row: 0, column: 'file' },
    );
  }
  try {
    if (kind === 'csv') await readCsv(stream, collector);
    else await readXlsx(stream, collector);
  } catch (error) {
    if (truncated())
      throw new ApiError(RC.VALIDATION, 'bulkva.errors.tooLarge', undefined, null, 413);
    throw error;
  }
  if (truncated())
    throw new ApiError(RC.VALIDATION, 'bulkva.errors.tooLarge', undefined, null, 413);
  return collector.finish();
}
