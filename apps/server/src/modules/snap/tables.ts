import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** Issued B2B access tokens, by SHA-256 (migration 0145). */
export interface SnapTokensTable {
  token_hash: string;
  agent_id: number;
  environment: Environment;
  client_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** The scoped key the token was issued to; null: the credential's default key (0171). */
  api_key_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** X-EXTERNAL-ID per partner, environment and WIB day: the key is the uniqueness rule. */
export interface SnapExternalIdsTable {
  agent_id: number;
  environment: Environment;
  day: BusinessDate;
  external_id: string;
  path: string;
  created_at: Timestamp;
}

/** One interbank transfer per partnerReferenceNo; the payout block's `snap_transfer` source. */
export interface SnapTransfersTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  partner_reference_no: string;
  external_id: string;
  id_transaksi: string;
  amount: number;
  fee: number;
  bank_code: string;
  bank_name: string;
  account_no: string;
  account_name: string;
  /** 0 in process, 1 success, 2 failed (finalize moves it). */
  status: Generated<number>;
  created_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface SnapVirtualAccountsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  trx_id: string;
  partner_reff: string;
  va_number: string;
  bank_code: string;
  va_name: string;
  amount: number | null;
  bill_kind: string;
  expires_at: Timestamp | null;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SnapQrisTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  partner_reference_no: string;
  partner_reff: string;
  code: string;
  payload: string;
  amount: number;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** What was refunded of it so far (migration 0160); never above `amount`. */
  refunded_amount: Generated<number>;
}

/** One refund of a paid SNAP QRIS, unique by the partner's partnerRefundNo (migration 0160). */
export interface SnapQrisRefundsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  snap_qris_id: number;
  partner_refund_no: string;
  refund_no: string;
  external_id: string;
  /** The refunded payment's transaction id. */
  id_transaksi: string;
  amount: number;
  reason: string;
  ledger_transfer_id: string;
  created_at: Timestamp;
}

export interface SnapApiLogTable {
  id: Generated<number>;
  agent_id: number | null;
  environment: Environment | null;
  at: Timestamp;
  log_date: BusinessDate;
  method: string;
  path: string;
  http_status: number;
  response_code: string;
  latency_ms: number;
  external_id: string | null;
  client_ip: string;
  request_body: string;
  response_body: string;
}

export interface SnapRateWindowsTable {
  agent_id: number;
  environment: Environment;
  window_start: Timestamp;
  calls: number;
}

export interface SnapTables {
  snap_tokens: SnapTokensTable;
  snap_external_ids: SnapExternalIdsTable;
  snap_transfers: SnapTransfersTable;
  snap_virtual_accounts: SnapVirtualAccountsTable;
  snap_qris: SnapQrisTable;
  snap_qris_refunds: SnapQrisRefundsTable;
  snap_api_log: SnapApiLogTable;
  snap_rate_windows: SnapRateWindowsTable;
}
