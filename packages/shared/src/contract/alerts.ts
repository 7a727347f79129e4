import { z } from 'zod';
import type { AccessRequirement } from '../domain/access-rule';

/**
 * Alerts: a low-balance threshold per environment, and the alerts the server
 * raises for a merchant — e-mailed to its main user and listed in the provider console.
 */
export const ALERT_KINDS = [
  'low_balance',
  'bulk_short',
  'endpoint_disabled',
  'schedule_short',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The low-balance setting: any activated user reads it; the main user changes it. */
export const ALERT_ACCESS = {
  read: { activated: true },
  change: { activated: true, mainUserOnly: true },
} as const satisfies Record<string, AccessRequirement>;

/**
 * How far ahead the scheduled-payout balance check looks: an active schedule whose next
 * occurrence is due within this many hours and whose amount exceeds the available balance raises
 * a `schedule_short` alert, once per occurrence.
 */
export const SCHEDULE_ALERT_HOURS = 24;

/** The largest threshold one may set (Rp 1 trillion): a typo guard, not a business rule. */
export const LOW_BALANCE_MAX = 1_000_000_000_000;

export const lowBalanceSetting = z.object({
  /** Rupiah; null: no alert. */
  threshold: z.number().nullable(),
  /** Also queue a `low_balance` callback event to the agent's top-up URL. */
  send_callback: z.boolean(),
  /** False while the balance is below the threshold and the alert has fired. */
  armed: z.boolean(),
});
export type LowBalanceSetting = z.infer<typeof lowBalanceSetting>;

export const lowBalanceRequest = z.object({
  threshold: z
    .number({ error: 'alerts.errors.threshold' })
    .int('alerts.errors.threshold')
    .min(0, 'alerts.errors.threshold')
    .max(LOW_BALANCE_MAX, 'alerts.errors.threshold')
    .nullable(),
  send_callback: z.boolean({ error: 'common.errors.invalidInput' }),
});

/** One alert in the console's list. */
export const consoleAlertRow = z.object({
  id: z.number(),
  agent_id: z.number(),
  username: z.string(),
  environment: z.string(),
  kind: z.enum(ALERT_KINDS),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  created_at: z.string(),
});
export type ConsoleAlertRow = z.infer<typeof consoleAlertRow>;
