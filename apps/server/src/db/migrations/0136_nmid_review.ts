import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * NMID requests decided in the console: who decided and why, and the static QRIS
 * payload issued with the NMID on approval (the sticker is drawn from it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE nmid_requests
      ADD COLUMN decided_at timestamptz,
      ADD COLUMN decided_by text,
      ADD COLUMN reject_reason text,
      ADD COLUMN qris_payload text;
    CREATE UNIQUE INDEX nmid_requests_nmid_idx ON nmid_requests (environment, nmid) WHERE nmid IS NOT NULL;
  `,
  );
}
