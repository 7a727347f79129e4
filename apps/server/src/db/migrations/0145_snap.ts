import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The SNAP partner API (modules/snap):
 * - `agent_credentials.snap_public_key`: the partner's RSA public key (PEM) that verifies its
 *   access-token signature; `client_secret_enc`: the client secret encrypted like the signature
 *   key (the SNAP service signature is an HMAC keyed with the secret itself, so a hash alone is not
 *   enough). Secrets generated before this migration have none: the partner regenerates once.
 * - `snap_rate_per_minute`: the partner's call budget per minute (429 past it).
 * - `snap_tokens`: issued B2B access tokens, by their SHA-256 (the token itself is never stored).
 * - `snap_external_ids`: X-EXTERNAL-ID per partner, environment and WIB day (the primary key is
 *   the uniqueness rule: a reuse within the day is refused before anything is done).
 * - `snap_transfers`: one interbank transfer per partnerReferenceNo (unique per partner and
 *   environment); the payout block's `snap_transfer` source, its status moved by finalize.
 * - `snap_virtual_accounts`, `snap_qris`: what the partner created, keyed by its own ids.
 * - `snap_api_log`: every call a partner made (the portal's API log page), bodies masked.
 * - `snap_rate_windows`: the current minute's call count per partner.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE agent_credentials ADD COLUMN snap_public_key text;
    ALTER TABLE agent_credentials ADD COLUMN client_secret_enc text;
    ALTER TABLE agent_credentials ADD COLUMN snap_rate_per_minute integer NOT NULL DEFAULT 600
      CHECK (snap_rate_per_minute > 0);

    CREATE TABLE snap_tokens (
      token_hash text PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      client_id text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX snap_tokens_expiry_idx ON snap_tokens (expires_at);

    CREATE TABLE snap_external_ids (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      day date NOT NULL,
      external_id text NOT NULL,
      path text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (agent_id, environment, day, external_id)
    );

    CREATE TABLE snap_transfers (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      partner_reference_no text NOT NULL,
      external_id text NOT NULL,
      id_transaksi text NOT NULL UNIQUE,
      amount bigint NOT NULL CHECK (amount > 0),
      fee bigint NOT NULL CHECK (fee >= 0),
      bank_code text NOT NULL,
      bank_name text NOT NULL,
      account_no text NOT NULL,
      account_name text NOT NULL,
      status integer NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
      created_at timestamptz NOT NULL,
      completed_at timestamptz,
      UNIQUE (agent_id, environment, partner_reference_no)
    );

    CREATE TABLE snap_virtual_accounts (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      trx_id text NOT NULL,
      partner_reff text NOT NULL UNIQUE,
      va_number text NOT NULL,
      bank_code text NOT NULL,
      va_name text NOT NULL,
      amount bigint,
      bill_kind text NOT NULL,
      expires_at timestamptz,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (agent_id, environment, trx_id)
    );
    CREATE INDEX snap_virtual_accounts_number_idx ON snap_virtual_accounts (environment, va_number);

    CREATE TABLE snap_qris (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      partner_reference_no text NOT NULL,
      partner_reff text NOT NULL UNIQUE,
      code text NOT NULL,
      payload text NOT NULL,
      amount bigint NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (agent_id, environment, partner_reference_no)
    );

    CREATE TABLE snap_api_log (
      id bigserial PRIMARY KEY,
      agent_id bigint REFERENCES agents(id),
      environment text CHECK (environment IN ('production', 'sandbox')),
      at timestamptz NOT NULL,
      log_date date NOT NULL,
      method text NOT NULL,
      path text NOT NULL,
      http_status integer NOT NULL,
      response_code text NOT NULL,
      latency_ms integer NOT NULL,
      external_id text,
      client_ip text NOT NULL,
      request_body text NOT NULL,
      response_body text NOT NULL
    );
    CREATE INDEX snap_api_log_agent_idx ON snap_api_log (agent_id, environment, at DESC, id DESC);

    CREATE TABLE snap_rate_windows (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      window_start timestamptz NOT NULL,
      calls integer NOT NULL,
      PRIMARY KEY (agent_id, environment)
    );
    `,
  );
}
