import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Scoped SNAP API keys and secret rotation with overlap (ADR 011):
 * - `api_keys`: more keys per agent and environment beside the credential's own client id (the
 *   default key, all scopes). Each has a name, scopes (`group:read|write`, comma-joined), an
 *   optional expiry, its own IP allow-list (empty: the credential's whitelist), the last use, and
 *   its client secret encrypted like the credential's (the SNAP HMAC needs the secret itself).
 *   A rotation keeps the old secret in `previous_secret_enc`, accepted until
 *   `previous_valid_until` (at most 7 days).
 * - `snap_tokens.api_key_id`: the key a token was issued to (null: the default key), so every
 *   service call checks that key's scopes, expiry and IP list.
 * - `agent_credentials.previous_signature_key_enc` / `previous_signature_until`: the callback
 *   signing key before a rotation; deliveries carry a signature with each until the overlap ends.
 * - `agent_credentials.previous_client_secret_enc` / `previous_client_secret_until`: the default
 *   key's client secret before a regeneration with an overlap, accepted by SNAP until then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE api_keys (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
      client_id text NOT NULL UNIQUE,
      secret_enc text NOT NULL,
      previous_secret_enc text,
      previous_valid_until timestamptz,
      scopes text NOT NULL,
      allow_ip text NOT NULL DEFAULT '',
      expires_at timestamptz,
      last_used_at timestamptz,
      created_at timestamptz NOT NULL,
      rotated_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX api_keys_agent_idx ON api_keys (agent_id, environment, id);
    ALTER TABLE snap_tokens ADD COLUMN api_key_id bigint REFERENCES api_keys(id);
    ALTER TABLE agent_credentials ADD COLUMN previous_signature_key_enc text;
    ALTER TABLE agent_credentials ADD COLUMN previous_signature_until timestamptz;
    ALTER TABLE agent_credentials ADD COLUMN previous_client_secret_enc text;
    ALTER TABLE agent_credentials ADD COLUMN previous_client_secret_until timestamptz;
    `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE agent_credentials DROP COLUMN previous_client_secret_until;
    ALTER TABLE agent_credentials DROP COLUMN previous_client_secret_enc;
    ALTER TABLE agent_credentials DROP COLUMN previous_signature_until;
    ALTER TABLE agent_credentials DROP COLUMN previous_signature_key_enc;
    ALTER TABLE snap_tokens DROP COLUMN api_key_id;
    DROP TABLE api_keys;
    `,
  );
}
