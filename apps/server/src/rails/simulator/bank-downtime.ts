/**
 * The banks' nightly window (spec 02 §9: "Bank downtime 23:00 to 06:00 WIB: transfers are slower
 * and processed afterwards"). A transfer sent inside it is accepted and waits for the window's end.
 */
import {
  MS_PER_DAY,
  MS_PER_MINUTE,
  parseWibTimeOfDay,
  wibMsOfDay,
  wibStartOfDay,
} from '../wib-clock';

/** Start inclusive, end exclusive, as milliseconds after 00:00 WIB; start > end crosses midnight. */
export interface DailyWindow {
  readonly startMs: number;
  readonly endMs: number;
}

export function dailyWindow(startsAtWib: string, endsAtWib: string): DailyWindow {
  return {
    startMs: parseWibTimeOfDay(startsAtWib) * MS_PER_MINUTE,
    endMs: parseWibTimeOfDay(endsAtWib) * MS_PER_MINUTE,
  };
}

export function isInsideWindow(window: DailyWindow, instant: Date): boolean {
  const ms = wibMsOfDay(instant);
  if (window.startMs <= window.endMs) return ms >= window.startMs && ms < window.endMs;
  return ms >= window.startMs || ms < window.endMs;
}

/**
 * When work sent at `instant` can start: `instant` itself outside the window, else the window's end
 * (today's if we are past midnight or the window does not cross it, otherwise tomorrow's).
 */
export function startOfWorkAfter(window: DailyWindow | null, instant: Date): Date {
  if (window === null || !isInsideWindow(window, instant)) return instant;
  const dayStart = wibStartOfDay(instant).getTime();
  const endsTomorrow = window.startMs > window.endMs && wibMsOfDay(instant) >= window.startMs;
  return new Date(dayStart + (endsTomorrow ? MS_PER_DAY : 0) + window.endMs);
}
