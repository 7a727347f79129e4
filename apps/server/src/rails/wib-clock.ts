/**
 * WIB helpers the rails need beyond packages/shared format/wib (which reads and formats instants):
 * building an instant from a Jakarta wall-clock reading and locating an instant within its WIB day,
 * to the millisecond, for the banks' nightly window. Candidates to move into format/wib.
 */
import { WIB_OFFSET_MS } from '@gerbang/shared';

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 24 * 60 * MS_PER_MINUTE;

/** The instant at which Jakarta's clock reads the given date and time (month 1–12). */
export function fromWib(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - WIB_OFFSET_MS);
}

/** Milliseconds since 00:00 WIB of the WIB day that contains `instant`. */
export function wibMsOfDay(instant: Date): number {
  const ms = (instant.getTime() + WIB_OFFSET_MS) % MS_PER_DAY;
  return ms < 0 ? ms + MS_PER_DAY : ms;
}

/** 00:00 WIB of the WIB day that contains `instant`. */
export function wibStartOfDay(instant: Date): Date {
  return new Date(instant.getTime() - wibMsOfDay(instant));
}

/** "HH:mm" → minutes after midnight; throws on anything else so bad config fails at start-up. */
export function parseWibTimeOfDay(text: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) throw new Error(`Expected a WIB time of day as HH:mm, got "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}
