import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The merchant callback log (spec 03 §3.1 "callback rows"): every signed notification sent to the
 * merchant's callback URL with its request and response, re-sendable from the callback monitor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE callbacks (
      id_callback bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      id_transaksi text NOT NULL,
      time_request timestamptz,
      date_created timestamptz NOT NULL DEFAULT now(),
      created_date date NOT NULL,
      date_sent timestamptz,
      -- 0 New, 1 Sent, 2 Failed, 3 Process.
      status_sent integer NOT NULL DEFAULT 0 CHECK (status_sent IN (0, 1, 2, 3)),
      type_callback text NOT NULL,
      url_callback text NOT NULL,
      request_raw text NOT NULL,
      response_raw text,
      http_status integer,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz
    );
    CREATE INDEX callbacks_agent_date_idx ON callbacks (agent_id, environment, created_date DESC, id_callback DESC);
    CREATE INDEX callbacks_agent_trx_idx ON callbacks (agent_id, environment, id_transaksi);
    CREATE INDEX callbacks_due_idx ON callbacks (next_attempt_at) WHERE status_sent IN (0, 3);
  `,
  );
}
