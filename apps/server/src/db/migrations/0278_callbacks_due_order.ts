import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The sender's claim reads due callbacks in (next_attempt_at, id_callback) order and keeps a few
 * per free slot. The index of 0043 held next_attempt_at alone, so PostgreSQL read every due row,
 * sorted them and kept a few: a claim's cost grew with the backlog (about 900 rows read per
 * claim while one busy partner's callbacks queued, 0.6 ms a claim).
 *
 * The new index gives the whole order, and `callbacks_due_for_claim` walks it: the planner
 * estimates due rows from statistics taken when few were due (a backlog builds in seconds), and
 * with that estimate it keeps choosing "read all, then sort". The function turns bitmap scans
 * and sorts off for its one statement, so the walk stops after the rows it takes, whatever the
 * statistics say. PL/pgSQL keeps the statement's plan for the connection. `ROWS 16` tells the
 * claim around it how few rows come back (a few per free slot).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE INDEX callbacks_due_order_idx ON callbacks (next_attempt_at, id_callback)
      WHERE status_sent IN (0, 3);
    DROP INDEX callbacks_due_idx;
    CREATE FUNCTION callbacks_due_for_claim(due_at timestamptz, skip_agents int8[], take_n int)
      RETURNS TABLE (id_callback int8, agent_id int8, next_attempt_at timestamptz)
      LANGUAGE plpgsql VOLATILE ROWS 16
      SET enable_bitmapscan = off SET enable_sort = off
    AS $$
    BEGIN
      RETURN QUERY
        SELECT c.id_callback, c.agent_id, c.next_attempt_at FROM callbacks c
        WHERE c.status_sent IN (0, 3) AND c.next_attempt_at <= due_at AND NOT c.paused
          AND (c.claimed_until IS NULL OR c.claimed_until < due_at)
          AND c.agent_id <> ALL (skip_agents)
        ORDER BY c.next_attempt_at, c.id_callback
        LIMIT take_n
        FOR UPDATE OF c SKIP LOCKED;
    END $$;
    `,
  );
}
