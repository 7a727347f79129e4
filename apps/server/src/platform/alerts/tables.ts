import type { Environment } from '@gerbang/shared';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** An alert raised for a merchant (migration 0210); the console lists them across merchants. */
export interface AlertsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  /** low_balance, bulk_short, endpoint_disabled (ALERT_KINDS in the shared contract). */
  kind: string;
  /** JSON object of the alert's figures (balance, threshold, url, ...). */
  detail: string;
  created_at: Timestamp;
}

export interface AlertTables {
  alerts: AlertsTable;
}
