import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The daily leftover-deposit return (spec 02 §2.5 fixed notice, §9; modules/topup/leftover-return.ts):
 * a return is a `deposits` row of `kind = 'return'` for one WIB cut-off day (`return_date`), the
 * money leaving through the payout block. At most one per agent, environment and day (the unique
 * index is the idempotency key of concurrent runs and restarts). Open top-ups only are matched by
 * their total, so the open-total index covers `kind = 'topup'` rows alone. A day whose run went
 * through every agent is recorded in `deposit_return_runs`, so later passes skip it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE deposits ADD COLUMN kind text NOT NULL DEFAULT 'topup'
      CHECK (kind IN ('topup', 'return'));
    ALTER TABLE deposits ADD COLUMN return_date date;
    ALTER TABLE deposits ADD CONSTRAINT deposits_return_date_check
      CHECK ((kind = 'return') = (return_date IS NOT NULL));
    CREATE UNIQUE INDEX deposits_return_day_idx ON deposits (agent_id, environment, return_date)
      WHERE kind = 'return';
    CREATE INDEX deposits_credited_idx ON deposits (tanggal_transfer)
      WHERE kind = 'topup' AND status = 1;
    DROP INDEX deposits_open_total_idx;
    CREATE UNIQUE INDEX deposits_open_total_idx ON deposits (environment, norekening, nominal_unik)
      WHERE status = 0 AND kind = 'topup';

    CREATE TABLE deposit_return_runs (
      return_date date PRIMARY KEY,
      finished_at timestamptz NOT NULL,
      returns integer NOT NULL DEFAULT 0,
      total bigint NOT NULL DEFAULT 0
    );
  `,
  );
}
