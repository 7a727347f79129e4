/**
 * Date arithmetic on WIB business dates (`YYYY-MM-DD` text) for the range picker's presets; the
 * dates are calendar days, so UTC arithmetic on them is exact.
 */
const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export type RangePresetKey = 'today' | 'yesterday' | 'last7' | 'last30' | 'thisMonth' | 'lastMonth';

/** The date-range presets, ending no later than `today` (the server's WIB date). */
export function rangePresets(
  today: string,
): Array<{ key: RangePresetKey; value: [string, string] }> {
  const yesterday = addDays(today, -1);
  const lastMonthEnd = addDays(monthStart(today), -1);
  return [
    { key: 'today', value: [today, today] },
    { key: 'yesterday', value: [yesterday, yesterday] },
    { key: 'last7', value: [addDays(today, -6), today] },
    { key: 'last30', value: [addDays(today, -29), today] },
    { key: 'thisMonth', value: [monthStart(today), today] },
    { key: 'lastMonth', value: [monthStart(lastMonthEnd), lastMonthEnd] },
  ];
}
