import { createRequire } from 'node:module';
import type { ScheduleRule } from '@gerbang/shared';
import type { Options } from 'rrule';

// rrule ships CommonJS for Node (its ESM build is for bundlers): load it as Node would.
const require = createRequire(import.meta.url);
const { RRule } = require('rrule') as typeof import('rrule');

/**
 * A schedule's occurrences as instants. The user's rule is WIB wall time; WIB is UTC+7 all year
 * (no daylight saving), so the rule is expanded by `rrule` in "floating" time — WIB read as if it
 * were UTC — and shifted back by seven hours. `rrule` (RFC 5545) rather than our own date loop:
 * month lengths, leap years, weekday sets and counts are its tested job (ADR 015).
 */
const WIB_OFFSET_MS = 7 * 3_600_000;
const WEEKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
const FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;

function floating(date: string, time = '00:00'): Date {
  return new Date(`${date}T${time}:00.000Z`);
}

/** The RRULE of a schedule, in floating WIB time. */
export function rruleOf(rule: ScheduleRule): InstanceType<typeof RRule> {
  const dtstart = floating(rule.start_date, rule.time);
  if (rule.frequency === 'once') return new RRule({ freq: RRule.DAILY, dtstart, count: 1 });
  const options: Partial<Options> = { freq: FREQ[rule.frequency], dtstart };
  if (rule.frequency === 'weekly') {
    options.byweekday = (rule.weekdays ?? []).map((day) => WEEKDAYS[day - 1]!);
  }
  if (rule.frequency === 'monthly') {
    const day = rule.month_day ?? 1;
    // 29–31: that day, or the month's last day when the month is shorter (the 31st = the last
    // day): BYMONTHDAY=day,-1 and BYSETPOS=1 keep the first of the two in each month.
    options.bymonthday = day >= 29 ? [day, -1] : [day];
    if (day >= 29) options.bysetpos = [1];
  }
  if (rule.until) options.until = floating(rule.until, '23:59');
  if (rule.count != null) options.count = rule.count;
  return new RRule(options);
}

/** The first occurrence after `instant` (or at it, when `inclusive`); null when the rule ended. */
export function occurrenceAfter(rule: ScheduleRule, instant: Date, inclusive = false): Date | null {
  const next = rruleOf(rule).after(new Date(instant.getTime() + WIB_OFFSET_MS), inclusive);
  return next ? new Date(next.getTime() - WIB_OFFSET_MS) : null;
}
