import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Manual top-ups (modules/topup): an open deposit's total (amount + unique code) is what tells an
 * incoming transfer to that account apart, so two open deposits on one account never share it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE UNIQUE INDEX deposits_open_total_idx ON deposits (environment, norekening, nominal_unik)
      WHERE status = 0;
  `,
  );
}
