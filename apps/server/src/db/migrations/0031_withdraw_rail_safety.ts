import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Rail submissions that cannot send twice or refund money that left (ADR 001):
 *
 * - `lease_token`: a fresh token per claim; every write of the worker that claimed the row is
 *   conditional on it, so a worker whose lease ran out changes nothing once another has claimed.
 * - state `CHECK`: a send was made at `sent_at` and its outcome is unknown until the rail answers a
 *   lookup by our reference; written before every send call, so a timeout or a crash leaves it.
 * - state `REVIEW`: needs a person (unknown rail reference, ledger refusal, `failures` times);
 *   the hold stays pending and no worker touches the row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE rail_submissions DROP CONSTRAINT rail_submissions_state_check;
    ALTER TABLE rail_submissions ADD CONSTRAINT rail_submissions_state_check
      CHECK (state IN ('SEND', 'CHECK', 'POLL', 'DONE', 'REVIEW'));
    ALTER TABLE rail_submissions ADD COLUMN lease_token text;
    ALTER TABLE rail_submissions ADD COLUMN sent_at timestamptz;
    ALTER TABLE rail_submissions ADD COLUMN failures integer NOT NULL DEFAULT 0;
    DROP INDEX rail_submissions_due_idx;
    CREATE INDEX rail_submissions_due_idx ON rail_submissions (next_check_at)
      WHERE state NOT IN ('DONE', 'REVIEW');
  `,
  );
}
