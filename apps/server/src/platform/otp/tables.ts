import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * One e-mailed OTP (migration 0150): what it confirms (`purpose` + `subject`: a withdraw or
 * remittance inquiry's id, a credential change's action), whose it is (user, environment), its
 * HMAC, and its life: wrong tries counted before each comparison, single use, replaced by a newer
 * one for the same subject.
 */
export interface OtpChallengesTable {
  id: Generated<number>;
  /** e.g. 'withdraw', 'remittance', 'credential'. */
  purpose: string;
  subject: string;
  user_id: number;
  environment: 'production' | 'sandbox';
  /** Shown to the user's page (`idOtp`); the code itself is never stored. */
  public_id: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  wrong_tries: Generated<number>;
  used_at: Timestamp | null;
  /** A newer OTP for the same subject replaced this one. */
  superseded_at: Timestamp | null;
}

export interface OtpTables {
  otp_challenges: OtpChallengesTable;
}
