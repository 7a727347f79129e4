import type { Environment } from '@gerbang/shared';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** The low-balance threshold per agent and environment (migration 0210). */
export interface BalanceAlertSettingsTable {
  agent_id: number;
  environment: Environment;
  /** Rupiah. */
  threshold: number;
  send_callback: Generated<boolean>;
  /** True until the balance is seen below the threshold; re-armed when back at or above it. */
  armed: Generated<boolean>;
  updated_at: Timestamp;
}

/** A scheduled payout occurrence alerted as short of balance, once (migration 0230). */
export interface ScheduleBalanceAlertsTable {
  schedule_id: number;
  /** The occurrence (`payout_schedules.next_due_at` when it was seen). */
  due_at: Timestamp;
  created_at: Timestamp;
}

export interface BalanceAlertTables {
  balance_alert_settings: BalanceAlertSettingsTable;
  schedule_balance_alerts: ScheduleBalanceAlertsTable;
}
