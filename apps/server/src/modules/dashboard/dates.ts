import { wibDate } from '@gerbang/shared';
import { validationError } from '../../http/errors';

/**
 * WIB calendar arithmetic on `YYYY-MM-DD` strings. Dates are plain calendar days (no time zone),
 * so UTC arithmetic on their midnight is exact.
 */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function monthStart(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/** Last calendar day of the month of `date`. */
export function monthEnd(date: string): string {
  const at = new Date(`${monthStart(date)}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + 1, 0);
  return at.toISOString().slice(0, 10);
}

/** Summaries are of days that happened: a date after today (WIB) is refused. */
export function assertNotFuture(date: string, now: Date): void {
  if (date > wibDate(now)) throw validationError('dashboard.errors.futureDate');
}

/** First and last day of a `YYYYMM` period; a month after the current WIB month is refused. */
export function periodRange(period: string, now: Date): { from: string; to: string } {
  const from = `${period.slice(0, 4)}-${period.slice(4, 6)}-01`;
  if (from > monthStart(wibDate(now))) throw validationError('reports.errors.futurePeriod');
  return { from, to: monthEnd(from) };
}
