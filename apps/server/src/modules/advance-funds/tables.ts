import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** Advance-funds requests (docs/data-model.md "dana_talangan_requests"). */
export interface DanaTalanganRequestsTable {
  id: Generated<number>;
  agent_id: number;
  environment: 'production' | 'sandbox';
  user_id: number | null;
  username: string;
  date_from: BusinessDate;
  date_to: BusinessDate;
  id_produk: string;
  nama_produk: string;
  nominal: Generated<number>;
  /** 0 New, 1 Approved, 2 Rejected, 3 Disbursed. */
  status: Generated<number>;
  forced: Generated<boolean>;
  missing_dates: ColumnType<string[], string | undefined, string>;
  created_at: Generated<Date>;
  created_date: BusinessDate;
  deleted_at: Timestamp | null;
}

export interface AdvanceFundsTables {
  dana_talangan_requests: DanaTalanganRequestsTable;
}
