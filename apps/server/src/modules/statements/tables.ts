import type { Environment } from '@gerbang/shared';
import type { DeliveryFrequency, StatementFormat } from '@gerbang/shared/contract/statements';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<string, string, string>;

/** Migration 0235: one statement file asked for (0 waiting, 2 being written, 3 ready, 4 failed). */
export interface StatementFilesTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  user_id: number | null;
  format: StatementFormat;
  lang: 'id' | 'en';
  from_date: BusinessDate;
  to_date: BusinessDate;
  status: Generated<number>;
  file_name: string | null;
  line_count: number | null;
  byte_count: ColumnType<number | null, number | null | undefined, number | null>;
  error: string | null;
  attempts: Generated<number>;
  claimed_at: Timestamp | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface StatementDeliveriesTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  user_id: number;
  frequency: DeliveryFrequency;
  format: StatementFormat;
  lang: 'id' | 'en';
  active: Generated<boolean>;
  created_at: Timestamp;
}

/** One delivery's period: the primary key (delivery, period start) is the send-once claim. */
export interface StatementDeliveryRunsTable {
  delivery_id: number;
  period_from: BusinessDate;
  period_to: BusinessDate;
  status: 'claimed' | 'sent' | 'failed';
  statement_file_id: number | null;
  attempts: Generated<number>;
  error: string | null;
  claimed_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface StatementTables {
  statement_files: StatementFilesTable;
  statement_deliveries: StatementDeliveriesTable;
  statement_delivery_runs: StatementDeliveryRunsTable;
}
