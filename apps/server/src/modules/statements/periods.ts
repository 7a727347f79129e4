import { wibDate } from '@gerbang/shared';
import type { DeliveryFrequency } from '@gerbang/shared/contract/statements';

const DAY_MS = 86_400_000;

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The last whole WIB period before `now`: yesterday; last week (Monday to Sunday, the ISO week
 * Indonesian offices use); last month. A period is due once it has ended, at the WIB midnight
 * after its last day.
 */
export function lastWholePeriod(
  frequency: DeliveryFrequency,
  now: Date,
): { from: string; to: string } {
  const today = wibDate(now);
  if (frequency === 'daily') {
    const day = shift(today, -1);
    return { from: day, to: day };
  }
  if (frequency === 'weekly') {
    // getUTCDay of a calendar date: 0 Sunday … 6 Saturday; the week ends on the last Sunday.
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const sunday = shift(today, -(weekday === 0 ? 7 : weekday));
    return { from: shift(sunday, -6), to: sunday };
  }
  const firstOfThis = `${today.slice(0, 8)}01`;
  const to = shift(firstOfThis, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}
