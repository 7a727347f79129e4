/**
 * Business dates are WIB (UTC+7, no daylight saving). These helpers turn instants into WIB
 * calendar parts without depending on the machine's time zone.
 */
export const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

export interface WibParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wibParts(instant: Date): WibParts {
  const shifted = new Date(instant.getTime() + WIB_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of the instant in WIB: the date format of every call. */
export function wibDate(instant: Date): string {
  const p = wibParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** `YYYYMM` of the instant in WIB: the report period format. */
export function wibPeriod(instant: Date): string {
  const p = wibParts(instant);
  return `${p.year}${pad(p.month)}`;
}

/** `DD-MM-YYYY HH:mm WIB`: how receipts and tables display an instant. */
export function formatWibDateTime(instant: Date): string {
  const p = wibParts(instant);
  return `${pad(p.day)}-${pad(p.month)}-${p.year} ${pad(p.hour)}:${pad(p.minute)} WIB`;
}

/** The instant at which a WIB calendar day starts. */
export function wibDayStart(date: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return new Date(Date.parse(`${date}T00:00:00Z`) - WIB_OFFSET_MS);
}

/** Minutes since WIB midnight, for windows such as the cut-off and bank downtime. */
export function wibMinuteOfDay(instant: Date): number {
  const p = wibParts(instant);
  return p.hour * 60 + p.minute;
}

const ID_MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/** "21 November 2026": news dates use Indonesian month names (spec 03 §2.11). */
export function formatIndonesianDate(instant: Date): string {
  const p = wibParts(instant);
  return `${p.day} ${ID_MONTHS[p.month - 1]} ${p.year}`;
}
