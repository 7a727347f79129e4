import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** Whose factor: a portal user (`users.id`) or a console staff member (`staff_users.id`). */
export type OwnerKind = 'user' | 'staff';

/** One TOTP or passkey (migration 0165). A TOTP without `confirmed_at` is an enrolment begun. */
export interface SecondFactorsTable {
  id: Generated<number>;
  owner_kind: OwnerKind;
  owner_id: number;
  kind: 'totp' | 'passkey';
  name: string;
  /** TOTP: the base32 secret, AES-256-GCM under a key derived from the session secret. */
  secret_enc: string | null;
  /** TOTP: the time step of the last accepted code; a code of that step or older is refused. */
  last_time_step: number | null;
  /** Passkey: the credential id (base64url). */
  credential_id: string | null;
  /** Passkey: the COSE public key (base64url). */
  public_key: string | null;
  /** Passkey: the authenticator's signature counter; a lower one is refused. */
  sign_count: Generated<number>;
  transports: string | null;
  confirmed_at: Timestamp | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  owner_kind: OwnerKind;
  owner_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface FactorChallengesTable {
  id: Generated<number>;
  owner_kind: OwnerKind;
  owner_id: number;
  session_id: number;
  purpose: 'register' | 'login' | 'step_up';
  challenge: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SecurityPolicyTable {
  id: number;
  agents_require: Generated<boolean>;
  staff_require: Generated<boolean>;
  updated_at: Timestamp | null;
  updated_by: number | null;
}

export interface FactorTables {
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  factor_challenges: FactorChallengesTable;
  security_policy: SecurityPolicyTable;
}
