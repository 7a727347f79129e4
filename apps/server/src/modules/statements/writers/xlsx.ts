import { calendarDate, wibWallClock, XLSX_FORMATS } from '../../../platform/spreadsheet-cells';
import { openXlsxStream, type XlsxColumn } from '../../exports/xlsx-stream';
import { columnLabels, frameRows, lineCells } from './columns';
import type { OpenWriter } from './types';

const COLUMNS: XlsxColumn[] = [
  { numFmt: XLSX_FORMATS.datetime, width: 20 },
  { numFmt: undefined, width: 16 },
  { numFmt: undefined, width: 24 },
  { numFmt: undefined, width: 48 },
  { numFmt: XLSX_FORMATS.rupiah, width: 18 },
  { numFmt: XLSX_FORMATS.rupiah, width: 18 },
  { numFmt: XLSX_FORMATS.rupiah, width: 20 },
];

/**
 * XLSX through the exports' streaming sheet writer: the time is a real date cell (the WIB wall
 * clock), amounts and balances real numbers in the rupiah format, so the sheet sorts and sums.
 * The opening and closing rows, in bold, carry their day as a date cell and the balance.
 */
export const openXlsx: OpenWriter = (path, h) => {
  const sheet = openXlsxStream({
    file: path,
    header: columnLabels(h.lang),
    columns: COLUMNS,
    // A statement is one sheet; the line count is bounded far below Excel's row limit.
    rowsPerSheet: 1_048_575,
    sheetName: h.statementId,
  });
  const frame = frameRows(h);
  const opening = sheet.addRows(
    [[calendarDate(h.from), frame.opening.label, null, null, null, null, frame.opening.balance]],
    { bold: true },
  );
  // Awaited by write and finish; an abort before either must not leave it unhandled.
  opening.catch(() => undefined);
  return {
    async write(lines) {
      await opening;
      await sheet.addRows(
        lines.map((line) => {
          const c = lineCells(line);
          return [
            wibWallClock(c.at),
            c.type,
            c.reference,
            c.description,
            c.debit,
            c.credit,
            c.balance,
          ];
        }),
      );
    },
    async finish() {
      await opening;
      await sheet.addRows(
        [[calendarDate(h.to), frame.closing.label, null, null, null, null, frame.closing.balance]],
        { bold: true },
      );
      await sheet.finish();
    },
    async abort() {
      await sheet.abort();
    },
  };
};
