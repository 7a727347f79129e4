import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type Environment = 'production' | 'sandbox';

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
  type: 'BANK' | 'EWALLET';
  is_active: Generated<boolean>;
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

export type WithdrawKind = 'BANK' | 'EWALLET' | 'RETAIL';

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
}

export interface WithdrawOtpsTable {
  id: Generated<number>;
  public_id: string;
  inquiry_id: number;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  wrong_tries: Generated<number>;
  used_at: Timestamp | null;
  superseded_at: Timestamp | null;
}

export interface RailSubmissionsTable {
  id: Generated<number>;
  transaction_id: number;
  inquiry_id: number | null;
  rail: WithdrawKind;
  /**
   * SEND: not sent yet; CHECK: sent at `sent_at`, outcome unknown until the rail answers a lookup;
   * POLL: accepted, waiting for a final status; DONE; REVIEW: needs a person (ADR 001).
   */
  state: 'SEND' | 'CHECK' | 'POLL' | 'DONE' | 'REVIEW';
  reference: string;
  rail_code: string;
  account_type: string;
  account_number: string;
  amount: number;
  /** Comma-separated ids of the pending ledger transfers (amount first, then the fee). */
  pending_transfer_ids: string;
  rail_reference: string | null;
  detail: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  attempts: Generated<number>;
  next_check_at: Timestamp;
  claimed_until: Timestamp | null;
  /** Set by each claim; every later write of that worker is conditional on it. */
  lease_token: string | null;
  /** The `now` of the latest send call, which a lookup repeats. */
  sent_at: Timestamp | null;
  /** Consecutive steps that ended in an unknown rail reference or a ledger refusal. */
  failures: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WithdrawTables {
  favourite_accounts: FavouriteAccountsTable;
  product_pricing: ProductPricingTable;
  withdraw_inquiries: WithdrawInquiriesTable;
  withdraw_otps: WithdrawOtpsTable;
  rail_submissions: RailSubmissionsTable;
}
