import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Scheduled bulk transfer groups (ADR 015):
 * - `payout_schedules.kind` gains 'bulk': the schedule's `destination` names the group (name,
 *   description, row count) and `amount` is the rows' subtotal.
 * - `schedule_bulk_rows`: the rows the Check answered (destination and account name as the bank
 *   gave them), copied once when the schedule is made. At each occurrence they become a new
 *   bulk group, priced then, held whole and sent through the bulk pipeline.
 * - `schedule_runs.group_id`: the group an occurrence made (its last result reads the group's).
 * - `payout_schedules.source_bulk_uuid`: the Check's token makes one schedule only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE payout_schedules DROP CONSTRAINT payout_schedules_kind_check;
    ALTER TABLE payout_schedules ADD CONSTRAINT payout_schedules_kind_check
      CHECK (kind IN ('withdraw', 'bulk'));
    ALTER TABLE payout_schedules ADD COLUMN source_bulk_uuid text UNIQUE;

    CREATE TABLE schedule_bulk_rows (
      schedule_id bigint NOT NULL REFERENCES payout_schedules(id),
      row_no integer NOT NULL,
      customername text NOT NULL,
      phone text,
      email text,
      kodebank text NOT NULL,
      namabank text NOT NULL,
      norekeningtujuan text NOT NULL,
      nominal bigint NOT NULL CHECK (nominal > 0),
      note text NOT NULL DEFAULT '',
      PRIMARY KEY (schedule_id, row_no)
    );

    ALTER TABLE schedule_runs ADD COLUMN group_id bigint REFERENCES disbursement_groups(id);
    `,
  );
}
