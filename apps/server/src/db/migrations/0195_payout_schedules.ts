import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';
import { syncModules } from './0002_permissions';

/**
 * Scheduled and recurring payouts (ADR 015, modules/schedules):
 * - `payout_schedules`: what to pay (the destination as its inquiry checked it), the recurrence
 *   as the user gave it (WIB), and the next occurrence: `next_due_at` is the occurrence (its
 *   identity), `next_run_at` when the runner may take it (later when the cut-off or the bank
 *   downtime postpones it). The runner's index covers only active schedules.
 * - `schedule_runs`: one row per occurrence, UNIQUE (schedule_id, due_at). The runner inserts it
 *   in the transaction that opens the payout, so an occurrence is claimed and paid together or
 *   not at all: a crash or a second server process can never run it twice. A skipped occurrence
 *   is a SKIPPED row (the runner's insert then finds it taken). The row is the payout's owner in
 *   the pipeline (`rail_submissions.source_kind = 'scheduled_withdraw'`).
 * - Module single_disbursement gains SCHEDULE; existing sub-users are denied it (main users grant
 *   it in the permission editor), so nobody gains the right to schedule money by the upgrade.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE payout_schedules (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      maker_user_id bigint NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('withdraw')),
      destination jsonb NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      note text NOT NULL DEFAULT '',
      rule jsonb NOT NULL,
      status text NOT NULL DEFAULT 'ACTIVE'
        CHECK (status IN ('ACTIVE', 'PAUSED', 'ENDED', 'CANCELLED')),
      next_due_at timestamptz,
      next_run_at timestamptz,
      runs_done integer NOT NULL DEFAULT 0,
      source_inquiry_id bigint UNIQUE,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((status = 'ACTIVE') <= (next_due_at IS NOT NULL AND next_run_at IS NOT NULL))
    );
    CREATE INDEX payout_schedules_due_idx ON payout_schedules (next_run_at) WHERE status = 'ACTIVE';
    CREATE INDEX payout_schedules_agent_idx ON payout_schedules (agent_id, environment, id);

    CREATE TABLE schedule_runs (
      id bigserial PRIMARY KEY,
      schedule_id bigint NOT NULL REFERENCES payout_schedules(id),
      due_at timestamptz NOT NULL,
      status text NOT NULL
        CHECK (status IN ('SKIPPED', 'OPENED', 'WAITING_APPROVAL', 'SUCCESS', 'FAILED')),
      reason text,
      reference text,
      amount bigint NOT NULL DEFAULT 0,
      fee bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (schedule_id, due_at)
    );
    CREATE INDEX schedule_runs_latest_idx ON schedule_runs (schedule_id, id DESC);
    `,
  );
  await syncModules(db);
  await execScript(
    db,
    `
    INSERT INTO user_module_denials (user_id, module_id, action)
    SELECT u.id, 110, 'SCHEDULE' FROM users u WHERE u.parent_user_id IS NOT NULL
    ON CONFLICT DO NOTHING;
    `,
  );
}
