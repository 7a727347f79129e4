import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';
import type { PayoutRail } from '../payouts/tables';

/** Saved destinations (migration 0030 explains who reads and writes them). */
export interface FavouriteAccountsTable {
  id: Generated<number>;
  /** The user who saved the destination. */
  id_accounts: number | null;
  agent_id: number;
  environment: Environment;
  accountname: string;
  accountnumber: string;
  kodebank: string;
  namabank: string;
  /** VA: a bank virtual account (the beneficiary book, migration 0200). */
  type: 'BANK' | 'EWALLET' | 'VA';
  is_active: Generated<boolean>;
  /** The book's label and tags (migration 0200). */
  label: Generated<string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** When the saved name was last confirmed by an inquiry (saved, or a mismatch overridden). */
  checked_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Per-agent admin fees per product code (the /data/produk page reads it). */
export interface ProductPricingTable {
  id: Generated<number>;
  agent_id: number;
  kode_produk: string;
  id_produk: string;
  nama_produk: string;
  jenis_trx: 'CASH IN' | 'CASH OUT';
  fee_admin: Generated<number>;
  /** numeric(6,3), read as a number: a percentage rate, never money. */
  fee_admin_prosen: ColumnType<number, number | string | undefined, number | string>;
  is_gangguan: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One pricing version of an agent's product (migration 0155): the /data/produk charge history. */
export interface ProductChargesTable {
  id: Generated<number>;
  agent_id: number;
  kode_produk: string;
  charge_nominal: number;
  /** numeric(6,3), like `fee_admin_prosen`. */
  charge_percentage: ColumnType<number, number | string, number | string>;
  /** The WIB date the fees apply from: written as YYYY-MM-DD, read back as a date. */
  transaction_date: ColumnType<Date, string, string>;
  created_date: Date;
  is_active: boolean;
}

/** The rail a withdrawal goes through (the payout block's domestic rails). */
export type WithdrawKind = Exclude<PayoutRail, 'REMITTANCE'>;

export interface WithdrawInquiriesTable {
  id: Generated<number>;
  id_transaksi: string;
  agent_id: number;
  environment: Environment;
  user_id: number;
  kind: WithdrawKind;
  code: string;
  rail_code: string;
  kode_produk: string;
  account_type: 'NORMAL' | 'VA';
  account_number: string;
  account_name: string;
  product_name: string;
  amount: number;
  admin_fee: number;
  note: string;
  sender_name: string;
  purpose: string;
  checksum: string;
  uuid_user: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  otp_requests: Generated<number>;
  paid_at: Timestamp | null;
  payment_fingerprint: string | null;
  /** The use of the shared inquiry call (migration 0102): withdraw, domestic or bulk. */
  type_inq: Generated<'withdraw' | 'domestic' | 'bulk'>;
  /** The saved beneficiary the inquiry was made for and its saved name (migration 0200). */
  beneficiary_id: number | null;
  beneficiary_name: string | null;
}

export interface WithdrawTables {
  favourite_accounts: FavouriteAccountsTable;
  product_pricing: ProductPricingTable;
  product_charges: ProductChargesTable;
  withdraw_inquiries: WithdrawInquiriesTable;
}
