import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** A bulk transfer upload (docs/data-model.md "disbursement_groups"). */
export interface DisbursementGroupsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  user_id: number | null;
  group_name: string;
  group_desc: Generated<string>;
  created_date: Timestamp;
  created_day: BusinessDate;
  detail_count: Generated<number>;
  total_amount: Generated<number>;
  checksum: string | null;
  uuid: string | null;
  /** Migration 0125: WAITING_APPROVAL, REJECTED, RUNNING (held, rows paid out), DONE. */
  status: Generated<'WAITING_APPROVAL' | 'REJECTED' | 'RUNNING' | 'DONE'>;
  total_fee: Generated<number>;
  /** The checker who approved or rejected the group. */
  decided_by: number | null;
  decided_at: Timestamp | null;
  /** When the whole group's amount plus fees was held (one ledger operation). */
  held_at: Timestamp | null;
  completed_at: Timestamp | null;
}

/** One row of a bulk transfer (docs/data-model.md "disbursement_details"). */
export interface DisbursementDetailsTable {
  id: Generated<number>;
  group_id: number;
  agent_id: number;
  environment: Environment;
  customername: string;
  phone: string | null;
  email: string | null;
  kodebank: string;
  namabank: string;
  norekeningtujuan: string;
  nominal: number;
  id_transaksi: string | null;
  payment_id: string | null;
  processed_time: Timestamp | null;
  /** -2 On Process, -1 Queue, 0 New, 1 Success, 2 Failed. */
  status: Generated<number>;
  created_date: Timestamp;
  created_day: BusinessDate;
  /** Migration 0125: the row's place in its group (null on rows seeded before the page existed). */
  row_no: number | null;
  admin_fee: Generated<number>;
  note: Generated<string>;
  /** The PROCESS `transactions` row of the row's payout, once queued to the rail. */
  transaction_id: number | null;
  /** A failed row's amount and fee went back to the balance at this instant (once). */
  refunded_at: Timestamp | null;
}

/** One Check of the bulk page: the password was right; the token stands for it (migration 0125). */
export interface BulkChecksumsTable {
  uuid_user: string;
  checksum: string;
  agent_id: number;
  environment: Environment;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set by the save that used it: a token saves one group. */
  used_at: Timestamp | null;
}

/** A row a Check answered, kept under its token until the save (migration 0126). */
export interface BulkInquiryRowsTable {
  idtransaksi: string;
  uuid_user: string;
  kodebank: string;
  namabank: string;
  norekeningtujuan: string;
  customername: string;
  nominal: number;
  admin_fee: number;
  phone: string;
  email: string;
  note: string;
}

export interface BulkTransferTables {
  disbursement_groups: DisbursementGroupsTable;
  disbursement_details: DisbursementDetailsTable;
  bulk_checksums: BulkChecksumsTable;
  bulk_inquiry_rows: BulkInquiryRowsTable;
}
