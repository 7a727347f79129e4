import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

export const TRANSFER_ORDER_STATUSES = [
  'NEW',
  'PAID',
  'PROCESS_COMPLETED',
  'COMPLETED',
  'FAILED',
] as const;
export type TransferOrderStatus = (typeof TRANSFER_ORDER_STATUSES)[number];

/**
 * Domestic transfer orders, the `transfer` page (migrations 0046, 0100). `amount` is the nominal
 * of every line; `account_*`/`kodebank`/`namabank` are the first line's (the data page's row).
 */
export interface TransferOrdersTable {
  id: string;
  agent_id: number;
  environment: Environment;
  user_id: number | null;
  time_created: Timestamp;
  created_date: BusinessDate;
  account_name: string;
  account_number: string;
  kodebank: string;
  namabank: string;
  amount: number;
  fee_admin: ColumnType<number, number | undefined, number>;
  time_expired: Timestamp;
  status: ColumnType<TransferOrderStatus, TransferOrderStatus | undefined, TransferOrderStatus>;
  id_transaksi: string | null;
  paid_at: Timestamp | null;
  completed_at: Timestamp | null;
  client_key: string | null;
  username: Generated<string>;
  description: Generated<string>;
  channel_id: string | null;
  channel_kind: 'VA' | 'QRIS' | 'RETAIL' | 'TRANSFER' | null;
  channel_name: Generated<string>;
  channel_code: Generated<string>;
  service_fee: Generated<number>;
  kode_voucher: Generated<string>;
  voucher_amount: Generated<number>;
  unique_amount: Generated<number>;
  total_amount: Generated<number>;
  pay_number: Generated<string>;
  pay_account_name: Generated<string>;
  qris_payload: string | null;
  line_count: Generated<number>;
  is_confirm_transfer: Generated<boolean>;
  confirmed_at: Timestamp | null;
  disbursed_at: Timestamp | null;
  /** Set by order_cancel (migration 0104): the order can no longer be paid. */
  cancelled_at: Timestamp | null;
}

/** Line statuses (spec 02 §4 disbursement detail statuses). */
export const LINE_STATUS = { onProcess: -2, queue: -1, new: 0, success: 1, failed: 2 } as const;

export interface TransferOrderLinesTable {
  id: Generated<number>;
  order_id: string;
  agent_id: number;
  environment: Environment;
  line_no: number;
  inquiry_id: number;
  id_transaksi: string;
  rail: 'BANK' | 'EWALLET' | 'RETAIL';
  rail_code: string;
  account_type: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  amount: number;
  remark: Generated<string>;
  status: Generated<number>;
  transaction_id: number | null;
  completed_at: Timestamp | null;
  refunded_at: Timestamp | null;
}

export interface VouchersTable {
  id: Generated<number>;
  environment: Environment;
  kode: string;
  keterangan: string;
  nominal: number;
  valid_from: Timestamp;
  valid_until: Timestamp;
  per_user_limit: number;
  is_active: Generated<boolean>;
}

export interface VoucherUsesTable {
  id: Generated<number>;
  voucher_id: number;
  user_id: number;
  order_id: string;
  created_at: Timestamp;
}

export interface TransferTables {
  transfer_orders: TransferOrdersTable;
  transfer_order_lines: TransferOrderLinesTable;
  vouchers: VouchersTable;
  voucher_uses: VoucherUsesTable;
}
