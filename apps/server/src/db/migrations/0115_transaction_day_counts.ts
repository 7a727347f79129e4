import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Per-day count rollups of `transactions` (ADR 005): for every agent, environment,
 * WIB day of `time_request`, `status_trx` and `jenis_trx`, how many rows there are. The data
 * pages answer the count of a date range (with status or cash-in/out filters) from here instead
 * of counting up to millions of rows.
 *
 * Kept by statement-level triggers over transition tables, so every writer (withdrawals, pay-ins,
 * top-up returns, seeds, a bulk INSERT ... SELECT) updates the rollup in its own transaction: the
 * count is exact at every commit. Deltas are applied in key order, so two transactions that
 * touch the same counters lock them in the same order. The WIB day is computed from
 * `time_request` itself (UTC+7, no daylight saving), the instant the page's range filters on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE transaction_day_counts (
      agent_id bigint NOT NULL,
      environment text NOT NULL,
      day date NOT NULL,
      status_trx text NOT NULL,
      jenis_trx text NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (agent_id, environment, day, status_trx, jenis_trx)
    );

    CREATE FUNCTION transaction_day_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO transaction_day_counts AS c (agent_id, environment, day, status_trx, jenis_trx, n)
        SELECT agent_id, environment, ((time_request AT TIME ZONE 'UTC') + interval '7 hours')::date,
          status_trx, jenis_trx, count(*)
        FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (agent_id, environment, day, status_trx, jenis_trx) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO transaction_day_counts AS c (agent_id, environment, day, status_trx, jenis_trx, n)
        SELECT agent_id, environment, ((time_request AT TIME ZONE 'UTC') + interval '7 hours')::date,
          status_trx, jenis_trx, -count(*)
        FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (agent_id, environment, day, status_trx, jenis_trx) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSE
        INSERT INTO transaction_day_counts AS c (agent_id, environment, day, status_trx, jenis_trx, n)
        SELECT agent_id, environment, day, status_trx, jenis_trx, sum(delta)::bigint
        FROM (
          SELECT agent_id, environment, ((time_request AT TIME ZONE 'UTC') + interval '7 hours')::date AS day,
            status_trx, jenis_trx, 1 AS delta FROM new_rows
          UNION ALL
          SELECT agent_id, environment, ((time_request AT TIME ZONE 'UTC') + interval '7 hours')::date,
            status_trx, jenis_trx, -1 FROM old_rows
        ) d
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (agent_id, environment, day, status_trx, jenis_trx) DO UPDATE SET n = c.n + EXCLUDED.n;
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER transaction_day_counts_insert AFTER INSERT ON transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_day_counts_keep();
    CREATE TRIGGER transaction_day_counts_update AFTER UPDATE ON transactions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_day_counts_keep();
    CREATE TRIGGER transaction_day_counts_delete AFTER DELETE ON transactions
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_day_counts_keep();

    INSERT INTO transaction_day_counts (agent_id, environment, day, status_trx, jenis_trx, n)
    SELECT agent_id, environment, ((time_request AT TIME ZONE 'UTC') + interval '7 hours')::date,
      status_trx, jenis_trx, count(*)
    FROM transactions GROUP BY 1, 2, 3, 4, 5
  `,
  );
}
