import type { ColumnType } from 'kysely';
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

/** Domestic transfer orders, the `transfer` page (docs/data-model.md "transfer_orders"). */
export interface TransferOrdersTable {
  id: string;
  agent_id: number;
  environment: 'production' | 'sandbox';
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
}

export interface TransferTables {
  transfer_orders: TransferOrdersTable;
}
