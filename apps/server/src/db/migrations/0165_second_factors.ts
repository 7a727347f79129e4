import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Second factors (ADR 010), for portal users and console staff alike
 * (`owner_kind` 'user' | 'staff'):
 * - `second_factors`: TOTP (secret encrypted at rest, the last time step used so a code is
 *   accepted once) and passkeys (credential id, COSE public key, signature counter).
 * - `recovery_codes`: ten single-use codes per owner, stored as keyed hashes.
 * - `factor_challenges`: WebAuthn challenges, bound to the session that asked, single use.
 * - `sessions` / `staff_sessions`: `factor_state` ('verify' before the factor is passed, 'enrol'
 *   when one must be enrolled first, null for a full session) and `stepped_up_until` (the
 *   session's step-up proof).
 * - `agents.require_second_factor` (the main user's rule) and `security_policy` (the provider's).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE second_factors (
      id bigserial PRIMARY KEY,
      owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'staff')),
      owner_id bigint NOT NULL,
      kind text NOT NULL CHECK (kind IN ('totp', 'passkey')),
      name text NOT NULL,
      secret_enc text,
      last_time_step bigint,
      credential_id text UNIQUE,
      public_key text,
      sign_count bigint NOT NULL DEFAULT 0,
      transports text,
      confirmed_at timestamptz,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz,
      CHECK (kind <> 'totp' OR secret_enc IS NOT NULL),
      CHECK (kind <> 'passkey' OR (credential_id IS NOT NULL AND public_key IS NOT NULL))
    );
    CREATE INDEX second_factors_owner_idx ON second_factors (owner_kind, owner_id);

    CREATE TABLE recovery_codes (
      id bigserial PRIMARY KEY,
      owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'staff')),
      owner_id bigint NOT NULL,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      used_at timestamptz,
      UNIQUE (owner_kind, owner_id, code_hash)
    );

    CREATE TABLE factor_challenges (
      id bigserial PRIMARY KEY,
      owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'staff')),
      owner_id bigint NOT NULL,
      session_id bigint NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'step_up')),
      challenge text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX factor_challenges_session_idx ON factor_challenges (owner_kind, session_id);

    ALTER TABLE sessions ADD COLUMN factor_state text CHECK (factor_state IN ('verify', 'enrol'));
    ALTER TABLE sessions ADD COLUMN stepped_up_until timestamptz;
    ALTER TABLE staff_sessions ADD COLUMN factor_state text CHECK (factor_state IN ('verify', 'enrol'));
    ALTER TABLE staff_sessions ADD COLUMN stepped_up_until timestamptz;
    ALTER TABLE agents ADD COLUMN require_second_factor boolean NOT NULL DEFAULT false;

    CREATE TABLE security_policy (
      id int PRIMARY KEY CHECK (id = 1),
      agents_require boolean NOT NULL DEFAULT false,
      staff_require boolean NOT NULL DEFAULT false,
      updated_at timestamptz,
      updated_by bigint
    );
    INSERT INTO security_policy (id) VALUES (1);
    `,
  );
}
