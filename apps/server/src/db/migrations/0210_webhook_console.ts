import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The webhook console and alerts:
 * - `callbacks.is_test`: a test event sent from the console (header `X-Callback-Test: true`, body
 *   `test: true`); `callbacks.paused`: the row's endpoint is disabled, it waits (not lost) until
 *   the user re-enables the endpoint.
 * - `callback_attempts.response_headers`: the receiver's answer headers (JSON, bounded).
 * - `callback_endpoints`: an endpoint (agent, environment, URL) disabled after a day of failures;
 *   `enabled_at` is when the user last re-enabled it (the failure streak counts from there).
 * - `callback_health_mails`: the daily health mail's claim, one row per agent and WIB day.
 * - `alerts`: what was raised for a merchant (low balance, bulk payout short of balance, endpoint
 *   disabled); the console lists them across merchants.
 * - `balance_alert_settings`: the low-balance threshold per agent and environment, and whether
 *   the alert is armed (it fires once per crossing below, and re-arms when back above).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE callbacks ADD COLUMN is_test boolean NOT NULL DEFAULT false;
    ALTER TABLE callbacks ADD COLUMN paused boolean NOT NULL DEFAULT false;
    CREATE INDEX callbacks_undelivered_idx ON callbacks (agent_id, environment, date_created, id_callback)
      WHERE status_sent <> 1;
    ALTER TABLE callback_attempts ADD COLUMN response_headers text;
    CREATE INDEX callback_attempts_endpoint_idx
      ON callback_attempts (agent_id, environment, url, started_at);

    CREATE TABLE callback_endpoints (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      url text NOT NULL,
      disabled_at timestamptz,
      disabled_reason text,
      enabled_at timestamptz,
      PRIMARY KEY (agent_id, environment, url)
    );

    CREATE TABLE callback_health_mails (
      agent_id bigint NOT NULL REFERENCES agents(id),
      day date NOT NULL,
      sent_at timestamptz NOT NULL,
      failed integer NOT NULL,
      PRIMARY KEY (agent_id, day)
    );

    CREATE TABLE alerts (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      kind text NOT NULL,
      detail text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX alerts_created_idx ON alerts (created_at DESC, id DESC);
    CREATE INDEX alerts_agent_idx ON alerts (agent_id, environment, created_at DESC);

    CREATE TABLE balance_alert_settings (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      threshold bigint NOT NULL CHECK (threshold >= 0),
      send_callback boolean NOT NULL DEFAULT false,
      armed boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (agent_id, environment)
    );
  `,
  );
}
