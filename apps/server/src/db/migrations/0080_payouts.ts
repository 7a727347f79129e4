import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The payout block (modules/payouts, ADR 004): a rail submission belongs to whatever feature sent
 * the money out, named by `(source_kind, source_id)`, instead of a withdraw inquiry.
 *
 * - Existing rows are withdrawals: `source_kind = 'withdraw'`, `source_id` = their inquiry id (the
 *   transaction id for a row that never had one).
 * - `inquiry_id` (a foreign key into the withdraw area) is dropped; one submission per source.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE rail_submissions ADD COLUMN source_kind text;
    ALTER TABLE rail_submissions ADD COLUMN source_id bigint;
    UPDATE rail_submissions
      SET source_kind = 'withdraw', source_id = COALESCE(inquiry_id, transaction_id);
    ALTER TABLE rail_submissions ALTER COLUMN source_kind SET NOT NULL;
    ALTER TABLE rail_submissions ALTER COLUMN source_id SET NOT NULL;
    ALTER TABLE rail_submissions
      ADD CONSTRAINT rail_submissions_source_key UNIQUE (source_kind, source_id);
    ALTER TABLE rail_submissions DROP COLUMN inquiry_id;
  `,
  );
}
