import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The reconciliation summary mail's claim (modules/reconciliation/summary-mail.ts): one row per
 * agent, environment and WIB day summarised. The mail is queued in the transaction that inserts
 * the claim, so it goes once per day across processes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE recon_summary_mails (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      day date NOT NULL,
      sent_at timestamptz NOT NULL,
      PRIMARY KEY (agent_id, environment, day)
    );
    `,
  );
}
