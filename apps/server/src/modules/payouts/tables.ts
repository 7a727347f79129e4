import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * The rail a payout goes through: a bank transfer, an e-wallet top-up, a retail cash pickup or an
 * international remittance (rail_code `CUR/bankId`, amount in the currency's minor units).
 */
export type PayoutRail = 'BANK' | 'EWALLET' | 'RETAIL' | 'REMITTANCE';

/**
 * One payout's rail work (migrations 0030, 0031, 0080; ADR 001 and 004). It belongs to the feature
 * that sent the money out, named by `(source_kind, source_id)`: `('withdraw', inquiry id)`.
 */
export interface RailSubmissionsTable {
  id: Generated<number>;
  transaction_id: number;
  /** The feature that owns the payout (`PayoutSourceKind`), and its row id. */
  source_kind: string;
  source_id: number;
  rail: PayoutRail;
  /**
   * APPROVAL: held and written but waiting for approval (no worker claims it);
   * SEND: not sent yet; CHECK: sent at `sent_at`, outcome unknown until the rail answers a lookup;
   * POLL: accepted, waiting for a final status; DONE; REVIEW: needs a person (ADR 001).
   */
  state: 'APPROVAL' | 'SEND' | 'CHECK' | 'POLL' | 'DONE' | 'REVIEW';
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

export interface PayoutTables {
  rail_submissions: RailSubmissionsTable;
}
