import type { Environment } from '@gerbang/shared';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** One payment link (migration 0120). */
export interface RequestPaymentsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  user_id: number;
  payment_secret: string;
  name_payment: string;
  desc_payment: string;
  amount: number;
  max_uses: number;
  use_count: Generated<number>;
  total_paid: Generated<number>;
  via: string;
  time_request: Timestamp;
  time_expired: Timestamp;
}

/** One instrument issued for a payer and a method (migration 0120). */
export interface RequestPaymentCustomersTable {
  id: Generated<number>;
  request_payment_id: number;
  agent_id: number;
  environment: Environment;
  customer_reff: string;
  customer_name: string;
  customer_email: string;
  payer_key: string;
  customer_notelp: string;
  kode_bank: string;
  bank_name: string;
  kind: string;
  va_number: string;
  payload: string | null;
  link_payment: string | null;
  amount: number;
  expires_at: Timestamp;
  /** 0 open, 1 paid, 2 cancelled. */
  is_paid: Generated<number>;
  id_transaksi: string | null;
  paid_at: Timestamp | null;
  created_at: Timestamp;
}

export interface RequestPaymentTables {
  request_payments: RequestPaymentsTable;
  request_payment_customers: RequestPaymentCustomersTable;
}
