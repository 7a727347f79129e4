import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;
type Environment = 'production' | 'sandbox';

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
}

export interface BulkTransferTables {
  disbursement_groups: DisbursementGroupsTable;
  disbursement_details: DisbursementDetailsTable;
}
