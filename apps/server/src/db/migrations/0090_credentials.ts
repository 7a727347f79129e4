import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Credentials and callback URLs (spec 03 §2.4, §3.3):
 * - `agent_credentials`: per agent and environment the client id, the client secret's hash, the
 *   IP whitelist and the signature key encrypted with a configured key (never in plain text).
 * - `callback_urls`: one URL per event type (idinfo, type_info, type_value).
 * - `credential_otps`: the e-mail OTPs of sensitive changes, hashed, bound to user and action.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE agent_credentials (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      app_name text NOT NULL DEFAULT '',
      client_id text UNIQUE,
      client_secret_hash text,
      allow_ip text NOT NULL DEFAULT '',
      is_using_signature boolean NOT NULL DEFAULT false,
      signature_key_enc text,
      secret_generated_at timestamptz,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (agent_id, environment)
    );

    CREATE TABLE callback_urls (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      idinfo integer NOT NULL,
      type_info text NOT NULL,
      type_value text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (agent_id, environment, idinfo)
    );

    CREATE TABLE credential_otps (
      id bigserial PRIMARY KEY,
      id_otp text NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users(id),
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      action text NOT NULL,
      code_hash text NOT NULL,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX credential_otps_user_idx ON credential_otps (user_id, created_at DESC);
  `,
  );
}
