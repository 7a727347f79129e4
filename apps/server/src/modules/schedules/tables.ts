import type { Environment, ScheduleRule, ScheduleRunStatus, ScheduleStatus } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type Json<T> = ColumnType<T, string, string>;

/** Where a scheduled withdrawal pays, as its inquiry checked it (account name included). */
export interface ScheduledDestination {
  rail: 'BANK' | 'EWALLET';
  /** kodebank: the code the user chose; the rail's own code. */
  code: string;
  rail_code: string;
  product_name: string;
  account_type: 'NORMAL' | 'VA';
  account_number: string;
  account_name: string;
}

/** What a scheduled bulk group pays: its rows are in schedule_bulk_rows (migration 0220). */
export interface ScheduledBulkGroup {
  group_name: string;
  group_desc: string;
  rows: number;
}

/**
 * A scheduled remittance: the beneficiary as the partner's check answered it and the amount in
 * the foreign currency, which each run sends (the rupiah is quoted then, at that day's rate).
 * `product_name`, `account_number` and `account_name` read as a withdrawal's on the page.
 */
export interface ScheduledRemittance {
  product_name: string;
  account_number: string;
  account_name: string;
  currency: string;
  country_code: string;
  bank_id: string;
  bank_name: string;
  swift_code: string;
  city: string;
  address: string;
  id_number_receiver: string;
  phone_receiver: string;
  ifs_code: string;
  nationality: string;
  purpose: string;
  destination_amount: number;
}

export type ScheduleKind = 'withdraw' | 'bulk' | 'remittance';

/** A scheduled or recurring payout (migration 0195; bulk groups 0220). */
export interface PayoutSchedulesTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  maker_user_id: number;
  kind: ScheduleKind;
  /** A withdrawal's destination, or a bulk group's name and row count (by `kind`). */
  destination: Json<ScheduledDestination | ScheduledBulkGroup | ScheduledRemittance>;
  amount: number;
  note: Generated<string>;
  rule: Json<ScheduleRule>;
  status: Generated<ScheduleStatus>;
  /** The next occurrence (its identity in schedule_runs); null once ended. */
  next_due_at: Timestamp | null;
  /** When the runner may take it: the occurrence, or the end of a cut-off or downtime window. */
  next_run_at: Timestamp | null;
  runs_done: Generated<number>;
  source_inquiry_id: number | null;
  /** The bulk Check's token a bulk schedule was made from (one schedule per Check). */
  source_bulk_uuid: string | null;
  /** The remittance inquiry whose OTP authorised a remittance schedule (one schedule each). */
  source_remittance_inquiry_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One occurrence of a schedule, claimed once: UNIQUE (schedule_id, due_at). */
export interface ScheduleRunsTable {
  id: Generated<number>;
  schedule_id: number;
  due_at: Timestamp;
  status: ScheduleRunStatus;
  reason: string | null;
  reference: string | null;
  amount: Generated<number>;
  fee: Generated<number>;
  /** The bulk group a bulk occurrence made (migration 0220). */
  group_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A scheduled bulk group's row, as its Check answered it (migration 0220). */
export interface ScheduleBulkRowsTable {
  schedule_id: number;
  row_no: number;
  customername: string;
  phone: string | null;
  email: string | null;
  kodebank: string;
  namabank: string;
  norekeningtujuan: string;
  nominal: number;
  note: Generated<string>;
}

export interface ScheduleTables {
  payout_schedules: PayoutSchedulesTable;
  schedule_runs: ScheduleRunsTable;
  schedule_bulk_rows: ScheduleBulkRowsTable;
}
