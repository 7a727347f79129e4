/**
 * The one clock every time rule reads: WIB days and default date ranges, the 23:45–00:15 WIB
 * cut-off, bank downtime, settlement dates, OTP / session / deposit / export-token expiry. Services
 * expose it as `services.now()`; nothing else in the server reads the system time (a test greps
 * for `new Date()` and `Date.now()` outside this file).
 *
 * It is real time shifted by an offset. Only test mode may move it (tests and the browser suite
 * put it inside and outside each window instead of skipping); production refuses to start with a
 * start time configured, and the route that moves it is never registered there.
 */
export interface Clock {
  now(): Date;
  /** From now on the clock reads `at` and runs on from there. */
  set(at: Date): void;
  /** Moves the clock forward (or back, with a negative value). */
  advance(ms: number): void;
  /** Back on the machine's time. */
  reset(): void;
}

export function createClock(startsAt: Date | null = null): Clock {
  let offsetMs = startsAt ? startsAt.getTime() - systemMs() : 0;
  return {
    now: () => new Date(systemMs() + offsetMs),
    set(at) {
      offsetMs = at.getTime() - systemMs();
    },
    advance(ms) {
      offsetMs += ms;
    },
    reset() {
      offsetMs = 0;
    },
  };
}

/** The only read of the system time in the server. */
function systemMs(): number {
  return Date.now();
}

/**
 * Parses a start time given as an ISO instant (`2026-11-23T23:50:00+07:00`) or as a WIB time of
 * today (`23:50`), so CI can say "run at 23:50 WIB" without naming a date.
 */
export function parseClockStart(value: string, today: Date = new Date(systemMs())): Date {
  const timeOfDay = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (timeOfDay) {
    const [, h, m, s] = timeOfDay;
    const wibToday = new Date(today.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    return new Date(`${wibToday}T${h}:${m}:${s ?? '00'}+07:00`);
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) {
    throw new Error(`CLOCK_AT must be an ISO date-time or a WIB time HH:MM, not "${value}"`);
  }
  return instant;
}
