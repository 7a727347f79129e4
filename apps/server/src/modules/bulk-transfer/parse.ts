/**
 * Reading an uploaded bulk transfer CSV as it streams in (csv-parse, as the bulk VA upload): the
 * first row names the columns (the sample's header), every later row is checked with the shared
 * §5 rules in the same pass, and every broken cell is collected with its row (the file's line,
 * header = 1) and column, so one upload shows them all. A file that cannot be read as a table
 * (header, CSV syntax, size, row count) still stops the read. Nothing is written: the rows go back
 * to the page's table.
 */
import type { Readable } from 'node:stream';
import { type Language, RC, translate } from '@gerbang/shared';
import {
  BULK_TRANSFER_COLUMNS,
  BULK_TRANSFER_LIMITS,
  type BulkRawRow,
  type BulkRowProblem,
  type BulkTransferColumn,
  type BulkTransferRow,
  type BulkUploadProblems,
  bulkRowProblems,
  checkBulkRow,
} from '@gerbang/shared/contract/bulk-transfer';
import { CsvError, parse } from 'csv-parse';
import { ApiError, validationError } from '../../http/errors';
import { InvalidUtf8Error, utf8LineGuard } from '../../platform/utf8-lines';

export function cellError(problem: BulkRowProblem, vars: Record<string, string> = {}): ApiError {
  return new ApiError(
    RC.VALIDATION,
    problem.key,
    { row: problem.row, column: problem.column, ...vars },
    { row: problem.row, column: problem.column },
  );
}

export function isCsv(filename: string, mimetype: string): boolean {
  return filename.toLowerCase().endsWith('.csv') || mimetype === 'text/csv';
}

const tooLarge = () => new ApiError(RC.VALIDATION, 'bulk.errors.tooLarge', undefined, null, 413);

class RowCollector {
  private columns: (BulkTransferColumn | null)[] | null = null;
  readonly rows: BulkTransferRow[] = [];
  /** Every row as read, kept so a refusal can hand them back for fixing. */
  readonly raw: BulkRawRow[] = [];
  readonly problems: BulkRowProblem[] = [];
  badRows = 0;

  add(line: number, cells: string[]): void {
    if (this.columns === null) {
      const header = cells.map((c) => c.trim().toLowerCase());
      this.columns = header.map(
        (h) => BULK_TRANSFER_COLUMNS.find((c) => c.toLowerCase() === h) ?? null,
      );
      const missing = BULK_TRANSFER_COLUMNS.find((c) => !this.columns?.includes(c));
      if (missing) throw cellError({ row: line, column: missing, key: 'bulk.errors.header' });
      return;
    }
    if (cells.every((c) => c.trim() === '')) return;
    if (this.raw.length >= BULK_TRANSFER_LIMITS.maxRows)
      throw validationError('bulk.errors.tooManyRows');
    const record = { line } as BulkRawRow;
    for (const column of BULK_TRANSFER_COLUMNS) record[column] = '';
    this.columns.forEach((column, i) => {
      if (column) record[column] = cells[i] ?? '';
    });
    this.raw.push(record);
    const problems = bulkRowProblems(record, line);
    if (problems.length > 0) {
      this.badRows += 1;
      this.problems.push(...problems);
      return;
    }
    const checked = checkBulkRow(record, line);
    if (checked.ok) this.rows.push(checked.row);
  }
}

/**
 * The rows of an upload. `truncated` tells whether the upload went over the size limit; it is
 * checked before any parse error, since a cut file reads as a broken one.
 */
export async function readBulkTransferCsv(
  stream: Readable,
  truncated: () => boolean,
): Promise<BulkTransferRead> {
  const collector = new RowCollector();
  // A cut upload has failed before its file is read: it would never end, so refuse it here.
  if (stream.errored && !truncated()) {
    throw new ApiError(
      RC.VALIDATION,
      'bulk.errors.malformed',
      { row: 0, column: 'file', detail: 'UPLOAD_INCOMPLETE' },
      { row: 0, column: 'file' },
    );
  }
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
  // pipe() does not pass a failing upload on: without this the parser would wait forever.
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
    if (truncated()) throw tooLarge();
    if (error instanceof InvalidUtf8Error) {
      throw new ApiError(
        RC.VALIDATION,
        'bulk.errors.encoding',
        { row: error.line, column: 'file' },
        { row: error.line, column: 'file' },
      );
    }
    if (error instanceof CsvError || (uploadError !== null && error === uploadError)) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
      const detail = error instanceof CsvError ? error.code : 'UPLOAD_INCOMPLETE';
      throw new ApiError(
        RC.VALIDATION,
        'bulk.errors.malformed',
        { row: line, column: 'file', detail },
        { row: line, column: 'file' },
      );
    }
    throw error;
  }
  if (truncated()) throw tooLarge();
  if (collector.raw.length === 0) throw validationError('bulk.errors.noRows');
  return {
    rows: collector.rows,
    raw: collector.raw,
    problems: collector.problems,
    badRows: collector.badRows,
  };
}

/** An upload read to its end: the good rows, and every broken cell with the rows as read. */
export interface BulkTransferRead {
  rows: BulkTransferRow[];
  raw: BulkRawRow[];
  problems: BulkRowProblem[];
  badRows: number;
}

/**
 * The refusal of a file with broken rows: one broken cell reads as before (its row, column and
 * rule); several read as a count. Either way the answer lists the broken cells (bounded) with
 * their messages in the user's language, and every row as read so the page can fix or drop them.
 */
export function rowProblemsError(read: BulkTransferRead, lang: Language): ApiError {
  const first = read.problems[0] as BulkRowProblem;
  const byLine = new Map(read.raw.map((r) => [r.line, r]));
  const errors = read.problems.slice(0, BULK_TRANSFER_LIMITS.maxListedErrors).map((p) => {
    const column = p.column as BulkTransferColumn;
    return {
      row: p.row,
      column,
      value: byLine.get(p.row)?.[column] ?? '',
      message: translate(lang, p.key, { row: p.row, column }),
    };
  });
  const data: BulkUploadProblems = {
    row: first.row,
    column: first.column as BulkTransferColumn,
    errors,
    error_count: read.problems.length,
    bad_row_count: read.badRows,
    rows: read.raw,
  };
  if (read.problems.length === 1) {
    return new ApiError(RC.VALIDATION, first.key, { row: first.row, column: first.column }, data);
  }
  return new ApiError(
    RC.VALIDATION,
    'bulk.errors.rows',
    { count: read.badRows, cells: read.problems.length },
    data,
  );
}
