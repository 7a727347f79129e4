import { WIB_OFFSET_MS } from '@gerbang/shared';

/**
 * Typed cells of every XLSX file Gerbang writes (data-page exports, monthly reports): dates are
 * real Excel dates and amounts real numbers with a display format, so a spreadsheet can sort,
 * filter, sum and chart them. Excel dates carry no time zone: a cell holds the wall-clock time
 * its reader should see, which for Gerbang is WIB (UTC+7, the time every page shows).
 */

/** Excel number formats (locale-neutral codes: Excel shows `,` as the reader's thousands mark). */
export const XLSX_FORMATS = {
  /** An instant, as the WIB wall clock. */
  datetime: 'dd/mm/yyyy hh:mm:ss',
  /** A WIB business date. */
  date: 'dd/mm/yyyy',
  /** A month (the monthly fee pages, a report's period). */
  month: 'mm/yyyy',
  /** Integer rupiah with thousands separators, marked as the app marks it (`Rp. 1.500.000`). */
  rupiah: '"Rp. "#,##0',
  /** A count. */
  count: '#,##0',
} as const;

/**
 * The value exceljs must be given so the cell shows the instant's WIB wall clock: exceljs turns a
 * Date into an Excel serial through its UTC fields, so the UTC fields must be the WIB ones.
 */
export function wibWallClock(instant: Date): Date {
  return new Date(instant.getTime() + WIB_OFFSET_MS);
}

const DAY = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** A WIB business date `YYYY-MM-DD` (or a month `YYYY-MM`: its first day) as an Excel date. */
export function calendarDate(text: string): Date | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [, year, month, day = '01'] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An instant from the database (a Date, or its ISO text) as an Excel date showing WIB, or null
 * when the value is not an instant.
 */
export function instantCell(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : wibWallClock(value);
  if (typeof value !== 'string') return null;
  const day = calendarDate(value);
  if (day) return day;
  // Text without a zone would be read in the machine's zone: only zoned text is an instant.
  if (!/(Z|[+-]\d{2}(:?\d{2})?)$/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : wibWallClock(instant);
}
