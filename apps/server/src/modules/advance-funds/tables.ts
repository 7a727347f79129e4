import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** Advance-funds requests (docs/data-model.md "dana_talangan_requests"). */
export interface DanaTalanganRequestsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
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
  /** What later settlements of the product took back (0135); never more than `nominal`. */
  recovered: Generated<number>;
  /** The ledger transfer that paid the advance (null until approved and paid). */
  paid_transfer_id: string | null;
  paid_at: Timestamp | null;
  decided_at: Timestamp | null;
  /** The console staff member who decided (name). */
  decided_by: string | null;
  reject_reason: string | null;
}

/** One settlement's recovery of one paid advance (0135). */
export interface DanaTalanganRecoveriesTable {
  id: Generated<number>;
  request_id: number;
  settlement_id: number;
  amount: number;
  ledger_transfer_id: string;
  created_at: Timestamp;
}

export interface AdvanceFundsTables {
  dana_talangan_requests: DanaTalanganRequestsTable;
  dana_talangan_recoveries: DanaTalanganRecoveriesTable;
}
