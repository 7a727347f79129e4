import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The scheduled-payout balance alert's claim: one row per schedule occurrence (`due_at` is the
 * occurrence's identity, as in `schedule_runs`) that was seen short of balance and alerted, so
 * the alert fires once per occurrence across passes and server processes. No foreign key to
 * `payout_schedules`: the alert only reads the schedules' tables; old claims are pruned by it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE schedule_balance_alerts (
      schedule_id bigint NOT NULL,
      due_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (schedule_id, due_at)
    );
    CREATE INDEX schedule_balance_alerts_due_idx ON schedule_balance_alerts (due_at);
    `,
  );
}
