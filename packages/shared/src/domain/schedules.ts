/**
 * Scheduled and recurring payouts: the recurrence a user picks, in WIB wall
 * time, and its bounds. The server turns it into instants with the kept `rrule` library
 * (apps/server/src/modules/schedules/recurrence.ts); the page only shows what the server computed.
 */
export const SCHEDULE_FREQUENCIES = ['once', 'daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/**
 * What a schedule pays: a withdrawal to one account, or a bulk transfer group. Domestic transfer
 * orders are paid by their customer's pay-in, not from the balance, so there is nothing to run at
 * a time; remittances are not schedulable yet (ADR 015).
 */
export const SCHEDULE_KINDS = ['withdraw', 'bulk', 'remittance'] as const;
export type ScheduleKindName = (typeof SCHEDULE_KINDS)[number];

export const SCHEDULE_STATUSES = ['ACTIVE', 'PAUSED', 'ENDED', 'CANCELLED'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** What became of one occurrence (schedule_runs.status). */
export const SCHEDULE_RUN_STATUSES = [
  'SKIPPED',
  'OPENED',
  'WAITING_APPROVAL',
  // Held because the account's name now differs from the one saved (a person decides, or it expires).
  'WAITING_NAME_CHECK',
  'SUCCESS',
  'FAILED',
] as const;
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];

export const SCHEDULE_LIMITS = {
  /** A recurring schedule ends after at most this many payouts (or by its end date). */
  maxCount: 366,
  /** The first run and the end date lie within this many days of today. */
  maxDaysAhead: 732,
  /** Schedules one agent may keep active or paused at once. */
  maxOpenPerAgent: 200,
} as const;

/** A recurrence as the form sends it: WIB date and time; weekdays 1 = Monday … 7 = Sunday. */
export interface ScheduleRule {
  frequency: ScheduleFrequency;
  /** The first day (YYYY-MM-DD, WIB). */
  start_date: string;
  /** The time of day (HH:MM, WIB). */
  time: string;
  /** Weekly: the days it runs. */
  weekdays?: number[];
  /** Monthly: the day of the month; 29–31 mean that day or the month's last day if shorter. */
  month_day?: number;
  /** The last day it may run (YYYY-MM-DD, WIB), or null with a count. */
  until?: string | null;
  /** How many payouts in all, or null with an end date. */
  count?: number | null;
}

/** Why a rule is not acceptable (a catalog key), or null. Pure: the schema and the server use it. */
export function ruleProblem(rule: ScheduleRule): string | null {
  if (rule.frequency === 'weekly' && !(rule.weekdays && rule.weekdays.length > 0)) {
    return 'schedules.errors.weekdays';
  }
  if (rule.frequency === 'monthly' && rule.month_day == null) return 'schedules.errors.monthDay';
  if (rule.frequency === 'once') return null;
  const hasUntil = rule.until != null && rule.until !== '';
  const hasCount = rule.count != null;
  if (hasUntil === hasCount) return 'schedules.errors.endOrCount';
  if (hasUntil && (rule.until as string) < rule.start_date)
    return 'schedules.errors.untilBeforeStart';
  return null;
}
