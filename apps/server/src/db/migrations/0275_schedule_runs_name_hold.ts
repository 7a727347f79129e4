import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * A scheduled run the name check holds (the account's name differs from the saved one) says so:
 * `WAITING_NAME_CHECK`, beside `WAITING_APPROVAL` for a run an approval policy holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE schedule_runs DROP CONSTRAINT IF EXISTS schedule_runs_status_check;
    ALTER TABLE schedule_runs ADD CONSTRAINT schedule_runs_status_check
      CHECK (status IN ('SKIPPED', 'OPENED', 'WAITING_APPROVAL', 'WAITING_NAME_CHECK', 'SUCCESS',
        'FAILED'));
    UPDATE schedule_runs r SET status = 'WAITING_NAME_CHECK'
      FROM rail_submissions s JOIN transactions t ON t.id = s.transaction_id
      JOIN name_checks n ON n.submission_id = s.id AND n.status = 'WAITING'
      WHERE r.status = 'WAITING_APPROVAL' AND t.id_transaksi = r.reference;
    `,
  );
}
