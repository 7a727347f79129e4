/**
 * Reading an uploaded bulk transfer CSV as it streams in (csv-parse, as the bulk VA upload): the
 * first row names the columns (the sample's header), every later row is checked with the shared
 * §5 rules, and the first bad row stops the read with its row (the file's line, header = 1) and
 * column. Nothing is written: the rows go back to the page's table.
 */
import type { Readable } from 'node:stream';
import { RC } from '@gerbang/shared';
import {
  BULK_TRANSFER_COLUMNS,
  BULK_TRANSFER_LIMITS,
  type BulkRowProblem,
  type BulkTransferColumn,
  type BulkTransferRow,
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
    if (this.rows.length >= BULK_TRANSFER_LIMITS.maxRows)
      throw validationError('bulk.errors.tooManyRows');
    const record: Partial<Record<BulkTransferColumn, string>> = {};
    this.columns.forEach((column, i) => {
      if (column) record[column] = cells[i];
    });
    const checked = checkBulkRow(record, line);
    if (!checked.ok) throw cellError(checked.problem);
    this.rows.push(checked.row);
  }
}

/**
 * The rows of an upload. `truncated` tells whether the upload went over the size limit; it is
 * checked before any parse error, since a cut file reads as a broken one.
 */
export async function readBulkTransferCsv(
  stream: Readable,
  truncated: () => boolean,
): Promise<BulkTransferRow[]> {
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
  if (collector.rows.length === 0) throw validationError('bulk.errors.noRows');
  return collector.rows;
}
