/**
 * A bank's CSV export read through `csv-parse` (kept; the bulk uploads use it too) with the column
 * mapping the user saved for that bank: the first row names the columns, every later row is one
 * line. The first bad row stops the read with its line (header = 1).
 */
import { Readable } from 'node:stream';
import type { ReconCsvMapping } from '@gerbang/shared/contract/reconciliation';
import { CsvError, parse } from 'csv-parse';
import {
  checkedDay,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementFormatError,
  type StatementLine,
  wholeRupiah,
} from './types';

type Columns = Record<
  'date' | 'amount' | 'debit' | 'credit' | 'reference' | 'bankReference' | 'description',
  number
>;

function columnsOf(header: string[], mapping: ReconCsvMapping): Columns {
  const names = header.map((h) => h.trim().toLowerCase());
  const find = (name: string | null, required: boolean): number => {
    if (name === null) return -1;
    const i = names.indexOf(name.trim().toLowerCase());
    if (i < 0 && required)
      throw new StatementFormatError(1, `column "${name}" is not in the header`);
    return i;
  };
  return {
    date: find(mapping.date_column, true),
    amount: find(mapping.amount_column, true),
    debit: find(mapping.debit_column, true),
    credit: find(mapping.credit_column, true),
    reference: find(mapping.reference_column, true),
    bankReference: find(mapping.bank_reference_column, false),
    description: find(mapping.description_column, false),
  };
}

function dayOf(text: string, format: ReconCsvMapping['date_format']): string | null {
  const parts = text.trim().slice(0, 10).split(/[-/]/).map(Number);
  if (parts.length !== 3 || parts.some((p) => !Number.isInteger(p))) return null;
  const [a = 0, b = 0, c = 0] = parts;
  if (format === 'YYYY-MM-DD') return checkedDay(a, b, c);
  if (format === 'MM/DD/YYYY') return checkedDay(c, a, b);
  return checkedDay(c, b, a);
}

function amountOf(cells: string[], col: Columns, line: number): number {
  const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
  let amount: number | null;
  if (col.amount >= 0) amount = wholeRupiah(cell(col.amount));
  else {
    const debit = cell(col.debit) ? wholeRupiah(cell(col.debit)) : 0;
    const credit = cell(col.credit) ? wholeRupiah(cell(col.credit)) : 0;
    amount = debit === null || credit === null ? null : credit - debit;
  }
  if (amount === null || amount === 0)
    throw new StatementFormatError(line, 'the amount is not whole rupiah');
  return amount;
}

function lineOf(
  cells: string[],
  col: Columns,
  mapping: ReconCsvMapping,
  line: number,
): StatementLine {
  const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
  const day = dayOf(cell(col.date), mapping.date_format);
  if (!day)
    throw new StatementFormatError(line, `date "${cell(col.date)}" is not ${mapping.date_format}`);
  return {
    line,
    bookedOn: day,
    amount: amountOf(cells, col, line),
    reference: cell(col.reference),
    bankReference: cell(col.bankReference),
    description: cell(col.description),
  };
}

/** Rows handed to the importer at a time. */
const CSV_CHUNK = 5_000;

/** The file's lines a batch at a time (the importer stores each before reading on). */
export async function* csvChunks(
  content: Buffer,
  mapping: ReconCsvMapping,
): AsyncGenerator<StatementLine[], string> {
  const parser = Readable.from([content]).pipe(
    parse({ bom: true, delimiter: mapping.delimiter, skip_empty_lines: true, info: true }),
  );
  let lines: StatementLine[] = [];
  let count = 0;
  let columns: Columns | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (columns === null) columns = columnsOf(record, mapping);
      else {
        lines.push(lineOf(record, columns, mapping, info.lines));
        count++;
      }
      if (count > STATEMENT_LIMITS.maxLines)
        throw new StatementFormatError(info.lines, 'more than 100,000 lines');
      if (lines.length >= CSV_CHUNK) {
        yield lines;
        lines = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
      throw new StatementFormatError(line, `CSV: ${error.code}`);
    }
    throw error;
  }
  if (columns === null) throw new StatementFormatError(1, 'the file is empty');
  if (lines.length > 0) yield lines;
  return '';
}

/** The whole file at once (small files and tests). */
export async function parseCsvStatement(
  content: Buffer,
  mapping: ReconCsvMapping,
): Promise<ParsedStatement> {
  const lines: StatementLine[] = [];
  for await (const chunk of csvChunks(content, mapping)) lines.push(...chunk);
  return { bankAccount: '', lines };
}
