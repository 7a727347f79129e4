import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;
type VaBillType = 'open' | 'close' | 'close_recurring';

/** Issued VAs (docs/data-model.md "virtual_accounts"). */
export interface VirtualAccountsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  kodebank: string;
  namabank: string;
  customer_id: string;
  nama_pemilik: string;
  va_number: string;
  nama_pemilik_va: string;
  partner_reff_id: string | null;
  bill_type: Generated<VaBillType>;
  amount: number | null;
  /** 0 not active, 1 active. */
  status: Generated<number>;
  expired_at: Timestamp | null;
  created_at: Generated<Date>;
  created_date: BusinessDate;
}

/** Bills and payments on a VA (docs/data-model.md "va_bills"). */
export interface VaBillsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  kodebank: string;
  namabank: string;
  virtual_account_no: string;
  id_outlet: string | null;
  bill_type: 'o' | 'c';
  /** 0 New, 1 Payment, 2 Failed. */
  transaction_type: Generated<number>;
  created_time: Timestamp;
  created_date: BusinessDate;
  expired_time: Timestamp | null;
  payment_time: Timestamp | null;
  customer_name: string;
  amount: Generated<number>;
  amount_origin: Generated<number>;
  admin: Generated<number>;
  partner_reff: string | null;
  biller_reff: string | null;
  url_payment: string | null;
  id_transaksi: string | null;
}

/** VA creation requests, single or bulk (docs/data-model.md "va_requests"). */
export interface VaRequestsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  user_id: number | null;
  username: string;
  group_name: string | null;
  /** The bulk upload this request came from (migration 0075); null for single requests. */
  group_id: Generated<number | null>;
  date_created: Timestamp;
  created_date: BusinessDate;
  date_complete: Timestamp | null;
  amount: Generated<number>;
  partner_reff: string | null;
  customer_id: string;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string | null;
  nova: string | null;
  kodebank: string;
  expired: Timestamp | null;
  /** 1 COMPLETED, 2 FAILED, else PROCESS. */
  status: Generated<number>;
  bill_type: Generated<VaBillType>;
  send_mail: Generated<boolean>;
  description: string | null;
}

export interface VirtualAccountTables {
  virtual_accounts: VirtualAccountsTable;
  va_bills: VaBillsTable;
  va_requests: VaRequestsTable;
}
