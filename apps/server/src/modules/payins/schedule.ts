/**
 * When held money settles and when the settlement job may run. Settlement dates are WIB business
 * days (Monday to Friday): D+n is the n-th business day after the payment's WIB date, D+0 the
 * payment's own date or, on a weekend, the next business day. The job never runs during the
 * banks' nightly window, 23:00–06:00 WIB (spec 02 §9: "bank downtime 23:00 to 06:00 WIB").
 */
import { wibDate, wibDayStart, wibMinuteOfDay } from '@gerbang/shared';

const DAY_MS = 86_400_000;
export const BANK_DOWNTIME = { startMinute: 23 * 60, endMinute: 6 * 60 } as const;

/** 0 Sunday … 6 Saturday, of a YYYY-MM-DD date (the date's own weekday, time zone free). */
function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

export function isBusinessDay(date: string): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6;
}

/** The WIB date on which a payment made at `paidAt` settles with delay D+`days`. */
export function settlementDate(paidAt: Date, days: number): string {
  let date = wibDate(paidAt);
  while (!isBusinessDay(date)) date = nextDate(date);
  for (let left = days; left > 0; left--) {
    date = nextDate(date);
    while (!isBusinessDay(date)) date = nextDate(date);
  }
  return date;
}

export function inBankDowntime(now: Date): boolean {
  const minute = wibMinuteOfDay(now);
  return minute >= BANK_DOWNTIME.startMinute || minute < BANK_DOWNTIME.endMinute;
}

/** Whole days between two WIB dates (for `days_settlement`, as the hold pages show it). */
export function daysBetween(from: string, to: string): number {
  return Math.round((wibDayStart(to).getTime() - wibDayStart(from).getTime()) / DAY_MS);
}
