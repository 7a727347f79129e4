import type { Environment } from '@gerbang/shared';
import type {
  ReconAccount,
  ReconFormat,
  ReconStatus,
} from '@gerbang/shared/contract/reconciliation';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

/** Migration 0215: a bank's CSV layout per agent, environment and bank code. */
export interface ReconCsvMappingsTable {
  agent_id: number;
  environment: Environment;
  bank_code: string;
  mapping: Json<Record<string, unknown>>;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface ReconSettingsTable {
  agent_id: number;
  environment: Environment;
  tolerance_days: Generated<number>;
  late_after_days: Generated<number>;
}

/** A NULL agent is the provider's own scope (migration 0260, ADR 023). */
type ScopeAgent = number | null;

export interface ReconStatementsTable {
  id: Generated<number>;
  agent_id: ScopeAgent;
  environment: Environment;
  account: ReconAccount;
  format: ReconFormat;
  file_name: string;
  file_hash: string;
  bank_account: string;
  line_count: number;
  new_lines: number;
  first_day: BusinessDate | null;
  last_day: BusinessDate | null;
  user_id: number | null;
  created_at: Timestamp;
}

export interface ReconLinesTable {
  id: Generated<number>;
  statement_id: number;
  agent_id: ScopeAgent;
  environment: Environment;
  account: ReconAccount;
  identity: string;
  file_line: number;
  booked_on: BusinessDate;
  amount: number;
  reference: string;
  bank_reference: string;
  description: string;
}

export interface ReconResultsTable {
  id: Generated<number>;
  agent_id: ScopeAgent;
  environment: Environment;
  account: ReconAccount;
  day: BusinessDate;
  status: ReconStatus;
  method: 'reference' | 'amount_date' | 'manual' | null;
  line_id: number | null;
  line_amount: number | null;
  item_key: string | null;
  item_reference: string | null;
  item_amount: number | null;
  /** The merchant the item belongs to (migration 0260). */
  item_agent_id: ColumnType<number | null, number | null | undefined, number | null>;
  drift: Generated<number>;
  note: string | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
}

/** Migration 0260: the provider scope's settings per environment (and its lock row). */
export interface ReconProviderSettingsTable {
  environment: Environment;
  tolerance_days: Generated<number>;
  late_after_days: Generated<number>;
}

/** Migration 0240: the daily summary mail's claim per agent, environment and WIB day. */
export interface ReconSummaryMailsTable {
  agent_id: number;
  environment: Environment;
  day: BusinessDate;
  sent_at: Timestamp;
}

export interface ReconciliationTables {
  recon_csv_mappings: ReconCsvMappingsTable;
  recon_settings: ReconSettingsTable;
  recon_statements: ReconStatementsTable;
  recon_lines: ReconLinesTable;
  recon_results: ReconResultsTable;
  recon_summary_mails: ReconSummaryMailsTable;
  recon_provider_settings: ReconProviderSettingsTable;
}
