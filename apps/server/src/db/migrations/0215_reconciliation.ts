import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';
import { syncModules } from './0002_permissions';

/**
 * Reconciliation (ADR 019, modules/reconciliation). Records about the ledger,
 * never postings:
 * - `recon_csv_mappings`: a bank's CSV layout, saved per agent, environment and bank code.
 * - `recon_statements`: one imported file; the same file twice (sha-256 of its bytes) is one row.
 * - `recon_lines`: its booked entries; `identity` (the bank's entry id, else date|amount|refs and
 *   the n-th occurrence in its file) is unique per account, so overlapping files never double.
 * - `recon_results`: what the matcher or a person decided about a line and/or a ledger item
 *   (`item_key`, e.g. `trx:123`, `stl:45`); a line and an item are in at most one result.
 * - `recon_settings`: the date tolerance and the "late after N days" rule; its row is also the
 *   lock one matcher run takes, so two runs of one scope never interleave.
 * - Modules 130 reconciliation (READ, UPDATE) and 131 reconcile_write_off (APPROVE); existing
 *   sub-users are denied them (the main user grants them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE recon_csv_mappings (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      bank_code text NOT NULL,
      mapping jsonb NOT NULL,
      updated_by bigint REFERENCES users(id),
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (agent_id, environment, bank_code)
    );

    CREATE TABLE recon_settings (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      tolerance_days integer NOT NULL DEFAULT 2 CHECK (tolerance_days BETWEEN 0 AND 10),
      late_after_days integer NOT NULL DEFAULT 3 CHECK (late_after_days BETWEEN 1 AND 30),
      PRIMARY KEY (agent_id, environment)
    );

    CREATE TABLE recon_statements (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      account text NOT NULL CHECK (account IN ('settlement', 'payout', 'deposit')),
      format text NOT NULL CHECK (format IN ('mt940', 'camt053', 'csv')),
      file_name text NOT NULL,
      file_hash text NOT NULL,
      bank_account text NOT NULL DEFAULT '',
      line_count integer NOT NULL,
      new_lines integer NOT NULL,
      first_day date,
      last_day date,
      user_id bigint REFERENCES users(id),
      created_at timestamptz NOT NULL,
      UNIQUE (agent_id, environment, account, file_hash)
    );

    CREATE TABLE recon_lines (
      id bigserial PRIMARY KEY,
      statement_id bigint NOT NULL REFERENCES recon_statements(id),
      agent_id bigint NOT NULL,
      environment text NOT NULL,
      account text NOT NULL,
      identity text NOT NULL,
      file_line integer NOT NULL,
      booked_on date NOT NULL,
      amount bigint NOT NULL CHECK (amount <> 0),
      reference text NOT NULL,
      bank_reference text NOT NULL,
      description text NOT NULL,
      UNIQUE (agent_id, environment, account, identity)
    );
    CREATE INDEX recon_lines_day_idx ON recon_lines (agent_id, environment, account, booked_on);

    CREATE TABLE recon_results (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL,
      environment text NOT NULL,
      account text NOT NULL,
      day date NOT NULL,
      status text NOT NULL CHECK (status IN
        ('matched', 'amount_mismatch', 'unmatched_line', 'unmatched_item', 'written_off')),
      method text CHECK (method IN ('reference', 'amount_date', 'manual')),
      line_id bigint REFERENCES recon_lines(id),
      line_amount bigint,
      item_key text,
      item_reference text,
      item_amount bigint,
      drift bigint NOT NULL DEFAULT 0,
      note text,
      decided_by bigint REFERENCES users(id),
      decided_at timestamptz,
      created_at timestamptz NOT NULL,
      CHECK (line_id IS NOT NULL OR item_key IS NOT NULL)
    );
    CREATE UNIQUE INDEX recon_results_line_idx ON recon_results (line_id) WHERE line_id IS NOT NULL;
    CREATE UNIQUE INDEX recon_results_item_idx
      ON recon_results (agent_id, environment, item_key) WHERE item_key IS NOT NULL;
    CREATE INDEX recon_results_day_idx ON recon_results (agent_id, environment, account, day);
    `,
  );
  await syncModules(db);
  await execScript(
    db,
    `
    INSERT INTO user_module_denials (user_id, module_id, action)
    SELECT u.id, m.module_id, m.action
      FROM users u
      CROSS JOIN (VALUES (130, 'READ'), (130, 'UPDATE'), (131, 'APPROVE')) AS m(module_id, action)
     WHERE u.parent_user_id IS NOT NULL
    ON CONFLICT DO NOTHING;
    `,
  );
}
