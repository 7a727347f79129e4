import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Settlement runs (modules/payins/settlement.ts). A day's holds of one product may be settled in
 * more than one run (a D+0 channel settles through the day; `settle all` in the simulator settles
 * early), so (agent, day, product) is no longer unique; each run has its own `reference`, which
 * is also the id of its ledger transfer's reference and of its callback.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE settlements DROP CONSTRAINT IF EXISTS settlements_agent_id_environment_tgltrx_id_produk_key;
    ALTER TABLE settlements ADD COLUMN reference text;
    CREATE UNIQUE INDEX settlements_reference_idx ON settlements (reference);
    CREATE INDEX settlements_key_idx ON settlements (agent_id, environment, tgltrx, id_produk);
    CREATE INDEX settlements_open_idx ON settlements (id) WHERE status = 'process';
  `,
  );
}
