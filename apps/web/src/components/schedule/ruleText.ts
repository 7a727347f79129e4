import type { ScheduleRule } from '@gerbang/shared';

type T = (key: string, vars?: Record<string, unknown>) => string;

/** A recurrence in words ("Monthly on the last day at 09:00 WIB, 12 times"). */
export function ruleText(t: T, rule: ScheduleRule): string {
  const time = rule.time;
  let text: string;
  switch (rule.frequency) {
    case 'once':
      text = t('schedules.ruleText.once', { date: rule.start_date, time });
      break;
    case 'daily':
      text = t('schedules.ruleText.daily', { time });
      break;
    case 'weekly':
      text = t('schedules.ruleText.weekly', {
        days: (rule.weekdays ?? []).map((d) => t(`schedules.weekdays.${d}`)).join(', '),
        time,
      });
      break;
    case 'monthly':
      text =
        rule.month_day === 31
          ? t('schedules.ruleText.monthlyLast', { time })
          : t('schedules.ruleText.monthly', { day: rule.month_day, time });
      break;
  }
  if (rule.frequency === 'once') return text;
  if (rule.until) return `${text}, ${t('schedules.ruleText.until', { date: rule.until })}`;
  if (rule.count != null) return `${text}, ${t('schedules.ruleText.count', { count: rule.count })}`;
  return text;
}
