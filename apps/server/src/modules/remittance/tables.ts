import type { Environment } from '@gerbang/shared';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** The partner's published selling rates (migration 0130). */
export interface RemittanceRatesTable {
  id: Generated<number>;
  currency: string;
  /** Whole rupiah per unit of the currency. */
  selling_rate: number;
  valid_from: Timestamp;
  valid_until: Timestamp;
  fetched_at: Timestamp;
}

export interface RemittanceInquiriesTable {
  id: Generated<number>;
  id_transaksi: string;
  agent_id: number;
  environment: Environment;
  user_id: number;
  currency: string;
  country_code: string;
  bank_id: string;
  bank_name: string;
  swift_code: string;
  account_number: string;
  account_name: string;
  city: string;
  address: string;
  id_number_receiver: string;
  phone_receiver: Generated<string>;
  ifs_code: Generated<string>;
  nationality: Generated<string>;
  purpose: string;
  /** Rupiah the beneficiary's amount costs (what the merchant typed or destination × rate). */
  amount: number;
  admin_fee: number;
  /** Whole units of `currency` the beneficiary receives. */
  destination_amount: number;
  selling_rate: number;
  rate_id: number;
  rate_valid_until: Timestamp;
  checksum: string;
  uuid_user: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  payment_fingerprint: string | null;
}

export interface RemittanceTables {
  remittance_rates: RemittanceRatesTable;
  remittance_inquiries: RemittanceInquiriesTable;
}
