import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The callback delivery engine (modules/callbacks/deliver.ts):
 * - `event_id` on each callback row: the receiver's idempotency key, the same on every attempt of a row.
 * - `claimed_until` / `lease_token`: a worker owns a row only while its lease runs, and every
 *   write of that worker is conditional on its token, so an expired lease is picked up again and
 *   a late worker changes nothing.
 * - `manual_retry`: the row was queued again by control/retry_callback (one attempt, then final).
 * - `callback_attempts`: one row per attempt (time, URL, request headers and body, response
 *   status, the first 4 KB of the response body, duration, error).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE callbacks ADD COLUMN event_id text NOT NULL DEFAULT gen_random_uuid()::text;
    ALTER TABLE callbacks ADD COLUMN claimed_until timestamptz;
    ALTER TABLE callbacks ADD COLUMN lease_token text;
    ALTER TABLE callbacks ADD COLUMN manual_retry boolean NOT NULL DEFAULT false;
    CREATE UNIQUE INDEX callbacks_event_id_key ON callbacks (event_id);

    CREATE TABLE callback_attempts (
      id bigserial PRIMARY KEY,
      callback_id bigint NOT NULL REFERENCES callbacks(id_callback),
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      attempt_no integer NOT NULL,
      manual boolean NOT NULL DEFAULT false,
      started_at timestamptz NOT NULL,
      url text NOT NULL,
      request_headers text NOT NULL,
      request_body text NOT NULL,
      response_status integer,
      response_body text,
      duration_ms integer,
      error_code text,
      error text,
      finished_at timestamptz
    );
    CREATE INDEX callback_attempts_callback_idx ON callback_attempts (callback_id, id);
  `,
  );
}
