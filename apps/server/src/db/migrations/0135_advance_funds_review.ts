import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Advance funds decided and paid: who decided and why, the ledger transfer that paid
 * the advance, and what later settlements of the product recovered (one row per settlement, so a
 * settlement recovers a request at most once; `recovered` never exceeds `nominal`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE dana_talangan_requests
      ADD COLUMN recovered bigint NOT NULL DEFAULT 0,
      ADD COLUMN paid_transfer_id text,
      ADD COLUMN paid_at timestamptz,
      ADD COLUMN decided_at timestamptz,
      ADD COLUMN decided_by text,
      ADD COLUMN reject_reason text;
    ALTER TABLE dana_talangan_requests
      ADD CONSTRAINT dana_talangan_recovered_range CHECK (recovered >= 0 AND recovered <= nominal);
    CREATE INDEX dana_talangan_outstanding_idx ON dana_talangan_requests (agent_id, environment, id_produk)
      WHERE paid_transfer_id IS NOT NULL AND deleted_at IS NULL;
    CREATE TABLE dana_talangan_recoveries (
      id bigserial PRIMARY KEY,
      request_id bigint NOT NULL REFERENCES dana_talangan_requests(id),
      settlement_id bigint NOT NULL REFERENCES settlements(id),
      amount bigint NOT NULL CHECK (amount > 0),
      ledger_transfer_id text NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (request_id, settlement_id)
    );
  `,
  );
}
