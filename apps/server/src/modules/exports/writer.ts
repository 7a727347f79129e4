import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import {
  type DataColumn,
  type DataPageDescriptor,
  type Language,
  translate,
  wibParts,
} from '@gerbang/shared';
import ExcelJS from 'exceljs';
import { calendarDate, instantCell, XLSX_FORMATS } from '../../platform/spreadsheet-cells';

/**
 * Writes export rows to CSV and XLSX at the same time, row by row: nothing but the current batch
 * is held in memory (exceljs' streaming WorkbookWriter flushes each committed row to the zip).
 */

/** Excel's row limit per sheet is 1,048,576; larger exports continue on the next sheet. */
const XLSX_ROWS_PER_SHEET = 1_000_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as WIB wall time `YYYY-MM-DD HH:mm:ss`, the way the pages show it. */
export function wibTimestamp(value: unknown): string {
  const instant = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(instant.getTime())) return String(value);
  const p = wibParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
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

/**
 * The number format and width of a column in the XLSX. Each style is one object shared by every
 * cell of its column, so exceljs' style cache (keyed by the object) registers it once per column
 * instead of once per cell.
 */
function xlsxColumnStyles(columns: readonly DataColumn[], header: readonly string[]) {
  return columns.map((column, index) => {
    const numFmt = XLSX_COLUMN_FORMATS[column.display];
    const width = Math.max(
      XLSX_COLUMN_WIDTHS[column.display] ?? 18,
      (header[index]?.length ?? 0) + 2,
    );
    return { style: numFmt ? { numFmt } : {}, width };
  });
}

// Named, or LibreOffice draws a font without a name in its serif default.
const HEADER_STYLE: Partial<ExcelJS.Style> = { font: { name: 'Calibri', bold: true } };

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

export interface ExportWriter {
  write(rows: ReadonlyArray<Record<string, unknown>>): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

async function writeChunk(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/** Bytes a sheet may have waiting for the zip compressor before the writer waits for it. */
const XLSX_BUFFER_MAX = 1024 * 1024;

interface BufferedStream {
  writableLength?: number;
  _writableState?: { length: number };
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * exceljs' streaming writer hands each 64 KB of sheet XML to the zip without waiting for it
 * (its internal StreamBuf ignores `write()`'s answer), so a fast producer buffers the whole sheet
 * in memory — measured at 700 MB for a million rows. We wait until the compressor's input
 * (the StreamBuf's pipe) drains below a few megabytes before writing the next batch. This reads
 * exceljs internals (`stream.pipes`, `stream.buffers`); if they change, the wait becomes a no-op
 * and the export still works, only with more memory.
 */
export async function drainSheet(sheet: unknown): Promise<void> {
  const stream = (sheet as { stream?: { pipes?: BufferedStream[]; buffers?: unknown[] } }).stream;
  for (let round = 0; round < 10_000; round++) {
    const pipes = stream?.pipes ?? [];
    const full = pipes.find(
      (pipe) => (pipe.writableLength ?? pipe._writableState?.length ?? 0) > XLSX_BUFFER_MAX,
    );
    if (full) {
      await new Promise<void>((resolve) => full.once('drain', resolve));
      continue;
    }
    // Not yet read by the zip (an earlier entry is still being written): let it catch up.
    if (pipes.length === 0 && (stream?.buffers?.length ?? 0) > 64) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    return;
  }
}

export function openExportWriter(opts: {
  page: DataPageDescriptor;
  lang: Language;
  csvPath: string;
  xlsxPath: string | null;
}): ExportWriter {
  const { page, lang } = opts;
  const columns = page.columns;
  const header = columns.map((c) => translate(lang, c.labelKey));
  const csv = createWriteStream(opts.csvPath, { encoding: 'utf8' });
  // A byte-order mark lets Excel open the UTF-8 CSV with the right characters.
  let pending: Promise<void> = writeChunk(csv, `\uFEFF${header.map(csvField).join(',')}\r\n`);

  const book = opts.xlsxPath
    ? new ExcelJS.stream.xlsx.WorkbookWriter({
        filename: opts.xlsxPath,
        // Styles carry the date and number formats.
        useStyles: true,
        useSharedStrings: false,
      })
    : null;
  const styles = xlsxColumnStyles(columns, header);
  let sheet: ExcelJS.Worksheet | null = null;
  let sheetRows = 0;
  let sheetNumber = 0;
  const nextSheet = () => {
    sheet?.commit();
    sheetNumber += 1;
    sheet = book?.addWorksheet(sheetNumber === 1 ? 'Data' : `Data ${sheetNumber}`) ?? null;
    if (!sheet) return;
    sheet.columns = styles.map(({ style, width }) => ({ style, width }));
    const top = sheet.addRow(header);
    top.eachCell((cell) => {
      cell.style = HEADER_STYLE;
    });
    top.commit();
    sheetRows = 0;
  };
  const addXlsxRow = (row: Record<string, unknown>) => {
    if (sheetRows >= XLSX_ROWS_PER_SHEET) nextSheet();
    const line = (sheet as ExcelJS.Worksheet | null)?.addRow(
      columns.map((c) => xlsxValue(c, row[c.name], lang)),
    );
    if (!line) return;
    line.eachCell((cell, number) => {
      cell.style = styles[number - 1]?.style ?? {};
    });
    line.commit();
    sheetRows += 1;
  };
  if (book) nextSheet();

  return {
    async write(rows) {
      await pending;
      let chunk = '';
      for (const row of rows) {
        const cells = columns.map((c) => cellValue(c, row[c.name], lang));
        chunk += `${cells.map(csvField).join(',')}\r\n`;
        if (book) addXlsxRow(row);
      }
      pending = writeChunk(csv, chunk);
      await pending;
      if (sheet) await drainSheet(sheet);
    },
    async finish() {
      await pending;
      csv.end();
      await once(csv, 'finish');
      if (book) {
        (sheet as ExcelJS.Worksheet | null)?.commit();
        await book.commit();
      }
    },
    async abort() {
      csv.destroy();
      if (book) await book.commit().catch(() => {});
    },
  };
}
