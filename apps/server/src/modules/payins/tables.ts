import type { Environment } from '@gerbang/shared';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

export type PayinCodeKind = 'QRIS' | 'RETAIL' | 'EWALLET' | 'CREDIT_CARD';

/** A payable QRIS bill, retail pay code or checkout reference (migration 0065). */
export interface PayinCodesTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  kind: PayinCodeKind;
  channel_code: string;
  code: string;
  payload: string | null;
  amount: number;
  customer_name: Generated<string>;
  partner_reff: string | null;
  /** 0 open, 1 paid, 2 expired. */
  status: Generated<number>;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  id_transaksi: string | null;
  created_at: Timestamp;
}

/** One accepted inbound notification, unique on the bank's reference (migration 0065). */
export interface PayinReceiptsTable {
  id: Generated<number>;
  environment: Environment;
  channel: string;
  rail_reference: string;
  paid_to: string;
  amount: number;
  paid_at: Timestamp;
  agent_id: number | null;
  id_transaksi: string | null;
  outcome: 'held' | 'available' | 'suspense';
  created_at: Timestamp;
}

/** An open expectation's exact total on a receiving account (migration 0103). */
export interface ExpectedTransferTotalsTable {
  id: Generated<number>;
  environment: Environment;
  account_number: string;
  total: number;
  source_kind: 'deposit' | 'transfer_order';
  source_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PayinTables {
  payin_codes: PayinCodesTable;
  payin_receipts: PayinReceiptsTable;
  expected_transfer_totals: ExpectedTransferTotalsTable;
}
