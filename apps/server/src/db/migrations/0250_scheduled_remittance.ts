import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Scheduled remittances (ADR 015):
 * - `payout_schedules.kind` gains 'remittance': `destination` holds the beneficiary as the
 *   partner's check answered it and the amount in the foreign currency (what is fixed); the rupiah
 *   cost is quoted at each run, at that day's rate.
 * - `payout_schedules.source_remittance_inquiry_id`: the inquiry whose OTP authorised the
 *   schedule makes one schedule only.
 * - `schedule_runs.reference` is indexed: a remittance's final outcome finds its occurrence by it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE payout_schedules DROP CONSTRAINT payout_schedules_kind_check;
    ALTER TABLE payout_schedules ADD CONSTRAINT payout_schedules_kind_check
      CHECK (kind IN ('withdraw', 'bulk', 'remittance'));
    ALTER TABLE payout_schedules ADD COLUMN source_remittance_inquiry_id bigint UNIQUE;
    CREATE INDEX schedule_runs_reference ON schedule_runs (reference) WHERE reference IS NOT NULL;
    `,
  );
}
