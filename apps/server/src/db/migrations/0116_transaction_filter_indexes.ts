import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Indexes for the transaction page's common filters (ADR 005):
 * - the range index carries the amounts (INCLUDE), so an amount filter over a range is checked
 *   inside the index, newest first, without reading the table: the first page and the capped
 *   count (count.ts) stop after the rows they need. It replaces transactions_agent_time_idx
 *   (same key, so every range query keeps its index).
 * - a merchant's own invoice number and VA reference, searched with "equal" (the engine's `=`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE INDEX transactions_agent_time_amount_idx ON transactions
      (agent_id, environment, time_request DESC) INCLUDE (nominal_origin, nominal_admin);
    DROP INDEX transactions_agent_time_idx;
    CREATE INDEX transactions_agent_invoice_idx ON transactions (agent_id, environment, invoicenumberext);
    CREATE INDEX transactions_agent_reff_idx ON transactions (agent_id, environment, partner_reff_va)
  `,
  );
}
