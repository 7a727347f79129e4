import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** The merchant callback log (docs/data-model.md "callbacks"). */
export interface CallbacksTable {
  id_callback: Generated<number>;
  agent_id: number;
  environment: 'production' | 'sandbox';
  id_transaksi: string;
  time_request: Timestamp | null;
  date_created: Timestamp;
  created_date: BusinessDate;
  date_sent: Timestamp | null;
  /** 0 New, 1 Sent, 2 Failed, 3 Process. */
  status_sent: Generated<number>;
  type_callback: string;
  url_callback: string;
  request_raw: string;
  response_raw: string | null;
  http_status: number | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
}

export interface CallbackTables {
  callbacks: CallbacksTable;
}
