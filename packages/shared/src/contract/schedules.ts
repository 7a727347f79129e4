import { z } from 'zod';
import { DISBURSEMENT_MAX_AMOUNT } from '../domain/limits';
import {
  ruleProblem,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_KINDS,
  SCHEDULE_LIMITS,
  SCHEDULE_RUN_STATUSES,
  SCHEDULE_STATUSES,
  type ScheduleRule,
} from '../domain/schedules';
import { bulkSaveRequest } from './bulk-transfer';
import { isDateInRange } from './input-rules';

export { SCHEDULES_ACCESS } from './access-rules';

const date = z
  .string({ error: 'schedules.errors.date' })
  .refine(isDateInRange, { error: 'schedules.errors.date' });

/** The recurrence, WIB wall time (domain/schedules.ts). */
export const scheduleRule = z
  .object({
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'schedules.errors.frequency' }),
    start_date: date,
    time: z
      .string({ error: 'schedules.errors.time' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'schedules.errors.time' }),
    weekdays: z
      .array(z.number().int().min(1).max(7), { error: 'schedules.errors.weekdays' })
      .max(7, { error: 'schedules.errors.weekdays' })
      .optional(),
    month_day: z
      .number({ error: 'schedules.errors.monthDay' })
      .int({ error: 'schedules.errors.monthDay' })
      .min(1, { error: 'schedules.errors.monthDay' })
      .max(31, { error: 'schedules.errors.monthDay' })
      .optional(),
    until: date.nullable().optional(),
    count: z
      .number({ error: 'schedules.errors.count' })
      .int({ error: 'schedules.errors.count' })
      .min(1, { error: 'schedules.errors.count' })
      .max(SCHEDULE_LIMITS.maxCount, { error: 'schedules.errors.count' })
      .nullable()
      .optional(),
  })
  .superRefine((rule, ctx) => {
    const problem = ruleProblem(rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }) satisfies z.ZodType<ScheduleRule>;

const pin = z
  .string({ error: 'schedules.errors.pin' })
  .regex(/^\d{6}$/, { error: 'schedules.errors.pin' });
const amount = z
  .number({ error: 'schedules.errors.amount' })
  .int({ error: 'schedules.errors.amount' })
  .positive({ error: 'schedules.errors.amount' })
  .max(DISBURSEMENT_MAX_AMOUNT, { error: 'schedules.errors.amount' });

/**
 * A withdrawal scheduled from its checked inquiry (the withdraw form's "Schedule" choice): the
 * inquiry binds destination, account name and amount as the server checked them; the transaction
 * PIN confirms the schedule, which authorises every payout it will make.
 */
export const createScheduleRequest = z.object({
  reff_id: z
    .string({ error: 'schedules.errors.inquiry' })
    .min(1, { error: 'schedules.errors.inquiry' }),
  rule: scheduleRule,
  pin,
});

/**
 * A remittance scheduled from its checked inquiry (the remittance page's "Schedule instead"): the
 * inquiry binds the beneficiary (as the partner's check answered) and the amount in the foreign
 * currency, which is what each run sends; the rupiah cost is quoted at each run. The inquiry's
 * OTP (the code the remittance confirm asks) authorises every payout the schedule will make.
 */
export const createRemittanceScheduleRequest = z.object({
  reff_id: z
    .string({ error: 'schedules.errors.inquiry' })
    .min(1, { error: 'schedules.errors.inquiry' }),
  rule: scheduleRule,
  otp: z
    .string({ error: 'schedules.errors.otp' })
    .regex(/^\d{6}$/, { error: 'schedules.errors.otp' }),
});

export const updateScheduleRequest = z.object({
  id: z.number().int().positive(),
  amount,
  note: z.string().max(100, { error: 'schedules.errors.note' }),
  rule: scheduleRule,
  pin,
});

/**
 * A bulk group scheduled from the bulk page's Check (instead of saving it now): the same token,
 * rows and PIN as the save, and the recurrence. Each occurrence makes a new group of these rows.
 */
export const createBulkScheduleRequest = bulkSaveRequest.extend({ rule: scheduleRule });

export const scheduleIdRequest = z.object({ id: z.number().int().positive() });

export const scheduleRun = z.object({
  due_at: z.string(),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  /** The bulk group a bulk occurrence made. */
  group_id: z.number().nullable(),
  at: z.string(),
});

export const scheduleItem = z.object({
  id: z.number(),
  kind: z.enum(SCHEDULE_KINDS),
  /** A withdrawal's bank and account; a bulk group's name is `account_name`, its size `rows`. */
  bank: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  rows: z.number().nullable(),
  amount: z.number(),
  note: z.string(),
  rule: scheduleRule,
  status: z.enum(SCHEDULE_STATUSES),
  /** When the next payout is due, and when it will run (later during the cut-off or downtime). */
  next_due_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  runs_done: z.number(),
  maker: z.string(),
  last_run: scheduleRun.nullable(),
});
export type ScheduleItem = z.output<typeof scheduleItem>;

export const scheduleListAnswer = z.object({ items: z.array(scheduleItem) });
