import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import {
  type DataColumn,
  type DataPageDescriptor,
  type Language,
  translate,
  WIB_OFFSET_MS,
} from '@gerbang/shared';
import { calendarDate, instantCell, XLSX_FORMATS } from '../../platform/spreadsheet-cells';
import { EXPORT_COLLECT_EVERY_ROWS, fullCollection } from './collect';
import { openXlsxStream, type XlsxCell } from './xlsx-stream';

/** Excel's row limit per sheet is 1,048,576; larger exports continue on the next sheet. */
export const XLSX_ROWS_PER_SHEET = 1_000_000;

/** An instant as WIB wall time `YYYY-MM-DD HH:mm:ss`, the way the pages show it. */
export function wibTimestamp(value: unknown): string {
  const instant = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(instant.getTime())) return String(value);
  // The ISO text of the instant moved by WIB's offset is the WIB wall clock (native, no parts).
  const wall = new Date(instant.getTime() + WIB_OFFSET_MS).toISOString();
  if (wall.length !== 24) return wall;
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
}

export type CellValue = string | number | null;

/** One value as the export shows it: enum labels, WIB times, numbers as numbers. */
export function cellValue(column: DataColumn, value: unknown, lang: Language): CellValue {
  if (value === null || value === undefined) return null;
  if (column.type === 'enum') {
    const text = String(value);
    const known = column.enumValues?.find((v) => v.value === text);
    if (known) return translate(lang, known.labelKey);
    return column.enumOther ? translate(lang, column.enumOther.labelKey) : text;
  }
  if (column.display === 'datetime') return wibTimestamp(value);
  if (column.display === 'page') {
    const key = `data.pages.${String(value)}`;
    const title = translate(lang, key);
    return title === key ? String(value) : title;
  }
  if (column.display === 'money' || column.display === 'number') {
    const number = Number(value);
    return Number.isFinite(number) ? number : String(value);
  }
  if (value instanceof Date) return wibTimestamp(value);
  return String(value);
}

/** One value as an XLSX cell: like the CSV, but dates are Excel dates (WIB wall clock). */
export function xlsxValue(column: DataColumn, value: unknown, lang: Language): CellValue | Date {
  if (value === null || value === undefined) return null;
  if (column.display === 'datetime') return instantCell(value) ?? cellValue(column, value, lang);
  if (column.display === 'date' || column.display === 'month') {
    const day = value instanceof Date ? calendarDate(wibTimestamp(value).slice(0, 10)) : null;
    return day ?? calendarDate(String(value)) ?? cellValue(column, value, lang);
  }
  return cellValue(column, value, lang);
}

/** The number format and width of a column in the XLSX. */
function xlsxColumnStyles(columns: readonly DataColumn[], header: readonly string[]) {
  return columns.map((column, index) => {
    const numFmt = XLSX_COLUMN_FORMATS[column.display];
    const width = Math.max(
      XLSX_COLUMN_WIDTHS[column.display] ?? 18,
      (header[index]?.length ?? 0) + 2,
    );
    return { numFmt, width };
  });
}

const XLSX_COLUMN_FORMATS: Partial<Record<DataColumn['display'], string>> = {
  datetime: XLSX_FORMATS.datetime,
  date: XLSX_FORMATS.date,
  month: XLSX_FORMATS.month,
  money: XLSX_FORMATS.rupiah,
  number: XLSX_FORMATS.count,
};

const XLSX_COLUMN_WIDTHS: Partial<Record<DataColumn['display'], number>> = {
  datetime: 20,
  date: 12,
  month: 10,
  money: 16,
  number: 10,
  long: 40,
};

/**
 * CSV field: quoted when needed; text that a spreadsheet would run as a formula (=, +, -, @,
 * tab, CR at the start) is prefixed with a quote mark (OWASP CSV injection advice).
 */
export function csvField(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** The CSV's first line; a byte-order mark lets Excel open the UTF-8 CSV with the right characters. */
function csvHeaderLine(header: readonly string[]): string {
  return `\uFEFF${header.map(csvField).join(',')}\r\n`;
}

/**
 * A CSV file whose lines come finished (csv-lines-sql.ts): the header, then each batch's lines as
 * one write.
 */
export function openCsvLinesFile(opts: {
  page: DataPageDescriptor;
  lang: Language;
  path: string;
}): { write(lines: string): Promise<void>; finish(): Promise<void>; abort(): void } {
  const header = opts.page.columns.map((c) => translate(opts.lang, c.labelKey));
  const csv = createWriteStream(opts.path, { encoding: 'utf8' });
  let pending = writeChunk(csv, csvHeaderLine(header));
  return {
    async write(lines) {
      await pending;
      pending = writeChunk(csv, lines);
    },
    async finish() {
      await pending;
      csv.end();
      await once(csv, 'finish');
    },
    abort: () => csv.destroy(),
  };
}

export interface ExportWriter {
  write(rows: ReadonlyArray<Record<string, unknown>>): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

async function writeChunk(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

type Formatter = { name: string; csv(value: unknown): string; xlsx(value: unknown): XlsxCell };

/** An enum column: each stored value's label translated once per export. */
function enumFormatter(column: DataColumn, lang: Language): Formatter {
  const labels = new Map<string, string>();
  const label = (value: unknown) => {
    const text = String(value);
    let known = labels.get(text);
    if (known === undefined) {
      known = String(cellValue(column, value, lang));
      labels.set(text, known);
    }
    return known;
  };
  return {
    name: column.name,
    csv: (value) => (value === null || value === undefined ? '' : csvField(label(value))),
    xlsx: (value) => (value === null || value === undefined ? null : label(value)),
  };
}

/**
 * Each column's CSV and XLSX conversion, decided once per export (the display looked up once,
 * enum labels translated once) instead of once per cell.
 */
function columnFormatters(columns: readonly DataColumn[], lang: Language): Formatter[] {
  return columns.map((column): Formatter => {
    if (column.type === 'enum') return enumFormatter(column, lang);
    if (column.display === 'money' || column.display === 'number') {
      const number = (value: unknown) => {
        if (value === null || value === undefined) return null;
        const n = typeof value === 'number' ? value : Number(value);
        return Number.isFinite(n) ? n : String(value);
      };
      return { name: column.name, csv: (value) => csvField(number(value)), xlsx: number };
    }
    return {
      name: column.name,
      csv: (value) => csvField(cellValue(column, value, lang)),
      xlsx: (value) => xlsxValue(column, value, lang),
    };
  });
}

/** A batch of rows as CSV lines, one string. */
function csvLines(formatters: readonly Formatter[], rows: ReadonlyArray<Record<string, unknown>>) {
  let chunk = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < formatters.length; i++) {
      const f = formatters[i] as Formatter;
      line += i === 0 ? f.csv(row[f.name]) : `,${f.csv(row[f.name])}`;
    }
    chunk += `${line}\r\n`;
  }
  return chunk;
}

/** An export's workbook: the translated header, each column's format and width. */
export function openExportXlsx(opts: { page: DataPageDescriptor; lang: Language; path: string }) {
  const header = opts.page.columns.map((c) => translate(opts.lang, c.labelKey));
  return openXlsxStream({
    file: opts.path,
    header,
    columns: xlsxColumnStyles(opts.page.columns, header),
    rowsPerSheet: XLSX_ROWS_PER_SHEET,
  });
}

/** Each column's XLSX number format (the cell style the SQL rows must carry too). */
export function xlsxColumnFormats(columns: readonly DataColumn[]): (string | undefined)[] {
  return columns.map((column) => XLSX_COLUMN_FORMATS[column.display]);
}

/**
 * Writes export rows to CSV and/or XLSX (a null path skips that file), a batch at a time: each
 * batch is formatted into one string per file, and the CSV file takes its chunk while the XLSX
 * part is formatted and compressed. Nothing but the current batch is held in memory.
 */
export function openExportWriter(opts: {
  page: DataPageDescriptor;
  lang: Language;
  csvPath: string | null;
  xlsxPath: string | null;
}): ExportWriter {
  const { page, lang } = opts;
  const columns = page.columns;
  const header = columns.map((c) => translate(lang, c.labelKey));
  const formatters = columnFormatters(columns, lang);
  const csv = opts.csvPath ? createWriteStream(opts.csvPath, { encoding: 'utf8' }) : null;
  let pending: Promise<void> = csv ? writeChunk(csv, csvHeaderLine(header)) : Promise.resolve();
  const book = opts.xlsxPath ? openExportXlsx({ page, lang, path: opts.xlsxPath }) : null;
  let sinceCollection = 0;
  return {
    async write(rows) {
      sinceCollection += rows.length;
      if (sinceCollection >= EXPORT_COLLECT_EVERY_ROWS) {
        sinceCollection = 0;
        fullCollection();
      }
      await pending;
      if (csv) pending = writeChunk(csv, csvLines(formatters, rows));
      if (book) await book.addRows(rows.map((row) => formatters.map((f) => f.xlsx(row[f.name]))));
      await pending;
    },
    async finish() {
      await pending;
      if (csv) {
        csv.end();
        await once(csv, 'finish');
      }
      await book?.finish();
    },
    async abort() {
      csv?.destroy();
      await book?.abort();
    },
  };
}
