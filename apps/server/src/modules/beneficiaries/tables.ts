import type { Environment } from '@gerbang/shared';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * A payout held because the account name its inquiry returned differs from the name saved with
 * the beneficiary (migration 0200; ADR 016). Keyed by the payout's rail submission, which stays
 * APPROVAL until a user with name_mismatch OVERRIDE releases or rejects it.
 */
export interface NameChecksTable {
  submission_id: number;
  agent_id: number;
  environment: Environment;
  reference: string;
  beneficiary_id: number | null;
  saved_name: string;
  found_name: string;
  amount: number;
  /** "Bank BCA 1234567890" as the payout shows it. */
  destination: string;
  maker_user_id: number | null;
  approval: 'policy' | 'none';
  /** EXPIRED (migration 0225): nobody decided before `expires_at`; the money went back. */
  status: Generated<'WAITING' | 'RELEASED' | 'REJECTED' | 'EXPIRED'>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  reason: string | null;
  created_at: Timestamp;
  /** The approval policy's expiry after `created_at` (migration 0225). */
  expires_at: Timestamp;
}

export interface BeneficiaryTables {
  name_checks: NameChecksTable;
}
