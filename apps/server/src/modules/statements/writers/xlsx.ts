import ExcelJS from 'exceljs';
import { calendarDate, wibWallClock, XLSX_FORMATS } from '../../../platform/spreadsheet-cells';
import { columnLabels, frameRows, lineCells } from './columns';
import type { OpenWriter } from './types';

// Named, or LibreOffice draws a font without a name in its serif default.
const BOLD: Partial<ExcelJS.Style> = { font: { name: 'Calibri', bold: true } };

const COLUMN_STYLES: Array<{ style: Partial<ExcelJS.Style>; width: number }> = [
  { style: { numFmt: XLSX_FORMATS.datetime }, width: 20 },
  { style: {}, width: 16 },
  { style: {}, width: 24 },
  { style: {}, width: 48 },
  { style: { numFmt: XLSX_FORMATS.rupiah }, width: 18 },
  { style: { numFmt: XLSX_FORMATS.rupiah }, width: 18 },
  { style: { numFmt: XLSX_FORMATS.rupiah }, width: 20 },
];

/**
 * XLSX through exceljs's streaming writer: the time is a real date cell (the WIB wall clock),
 * amounts and balances real numbers in the rupiah format, so the sheet sorts and sums. The
 * opening and closing rows carry their day as a date cell and the balance.
 */
export const openXlsx: OpenWriter = (path, h) => {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(h.statementId);
  sheet.columns = COLUMN_STYLES.map(({ style, width }) => ({ style, width }));
  const add = (cells: unknown[], bold = false) => {
    const row = sheet.addRow(cells);
    row.eachCell((cell, n) => {
      const base = COLUMN_STYLES[n - 1]?.style ?? {};
      cell.style = bold ? { ...base, ...BOLD } : base;
    });
    row.commit();
  };
  const frame = frameRows(h);
  const dayCell = (day: string) => calendarDate(day);
  add(columnLabels(h.lang), true);
  add([dayCell(h.from), frame.opening.label, null, null, null, null, frame.opening.balance], true);
  return {
    async write(lines) {
      for (const line of lines) {
        const c = lineCells(line);
        add([wibWallClock(c.at), c.type, c.reference, c.description, c.debit, c.credit, c.balance]);
      }
      await drainSheet(sheet);
    },
    async finish() {
      add(
        [dayCell(h.to), frame.closing.label, null, null, null, null, frame.closing.balance],
        true,
      );
      sheet.commit();
      await book.commit();
    },
    async abort() {
      await book.commit().catch(() => undefined);
    },
  };
};

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
 * and the statement is still written, only with more memory.
 */
async function drainSheet(sheet: unknown): Promise<void> {
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
