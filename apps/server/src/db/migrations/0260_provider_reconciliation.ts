import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Provider reconciliation (ADR 023): the provider's own statements are the same records as a
 * merchant's (ADR 019), with no agent. A row whose `agent_id` is NULL belongs to the provider's
 * scope — its statements, its lines, its results over the items of every merchant — which only
 * console staff with `console_reconciliation` reach; every merchant query filters on its own
 * agent id, so a NULL row can never appear there.
 * - The uniqueness that keeps an import idempotent and a line or an item in one result is
 *   NULLS NOT DISTINCT, so the provider's NULL agent is one scope, not a new one per row.
 * - `recon_results.item_agent_id`: the merchant a result's ledger item belongs to (shown in the
 *   provider's queue; for a merchant's own results it is the merchant itself). No foreign key:
 *   it is copied from the item's own row, and a run writes up to 100,000 results, where a
 *   per-row key check costs seconds.
 * - `recon_provider_settings`: the provider scope's date tolerance and "late after" rule per
 *   environment; its row is the lock a provider run and the hand decisions take.
 * - Console modules `console_reconciliation` (READ, UPDATE) and `console_recon_write_off`
 *   (UPDATE: writing off, its own right), granted to the admin role.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE recon_statements ALTER COLUMN agent_id DROP NOT NULL;
    ALTER TABLE recon_statements
      DROP CONSTRAINT recon_statements_agent_id_environment_account_file_hash_key;
    ALTER TABLE recon_statements ADD CONSTRAINT recon_statements_file_key
      UNIQUE NULLS NOT DISTINCT (agent_id, environment, account, file_hash);

    ALTER TABLE recon_lines ALTER COLUMN agent_id DROP NOT NULL;
    ALTER TABLE recon_lines
      DROP CONSTRAINT recon_lines_agent_id_environment_account_identity_key;
    ALTER TABLE recon_lines ADD CONSTRAINT recon_lines_identity_key
      UNIQUE NULLS NOT DISTINCT (agent_id, environment, account, identity);

    ALTER TABLE recon_results ALTER COLUMN agent_id DROP NOT NULL;
    ALTER TABLE recon_results ADD COLUMN item_agent_id bigint;
    UPDATE recon_results SET item_agent_id = agent_id WHERE item_key IS NOT NULL;
    DROP INDEX recon_results_item_idx;
    CREATE UNIQUE INDEX recon_results_item_idx
      ON recon_results (agent_id, environment, item_key) NULLS NOT DISTINCT
      WHERE item_key IS NOT NULL;
    CREATE INDEX recon_results_provider_idx ON recon_results (environment, account, day)
      WHERE agent_id IS NULL;

    CREATE TABLE recon_provider_settings (
      environment text PRIMARY KEY CHECK (environment IN ('production', 'sandbox')),
      tolerance_days integer NOT NULL DEFAULT 2 CHECK (tolerance_days BETWEEN 0 AND 10),
      late_after_days integer NOT NULL DEFAULT 3 CHECK (late_after_days BETWEEN 1 AND 30)
    );

    INSERT INTO staff_role_access (role, module, actions) VALUES
      ('admin', 'console_reconciliation', 'READ,UPDATE'),
      ('admin', 'console_recon_write_off', 'UPDATE')
    ON CONFLICT (role, module) DO NOTHING;
    `,
  );
}
