import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Balance statements (ADR 020, modules/statements):
 * - `statement_files`: one statement asked for (a period, a format, a language), written by the
 *   job loop; 0 waiting, 2 being written, 3 ready, 4 failed (the error says why: an unbalanced
 *   period is refused before any file exists).
 * - `statement_deliveries`: a user's daily / weekly / monthly statement by e-mail.
 * - `statement_delivery_runs`: one row per delivery and period. Its primary key is the claim that
 *   makes a period go out once, whatever retries or second processes do.
 * - `mail_outbox.attachment_*`: a small statement travels as a file with its mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE statement_files (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint REFERENCES users(id),
      format text NOT NULL CHECK (format IN ('pdf', 'csv', 'xlsx', 'mt940', 'camt053')),
      lang text NOT NULL CHECK (lang IN ('id', 'en')),
      from_date date NOT NULL,
      to_date date NOT NULL,
      status integer NOT NULL DEFAULT 0,
      file_name text,
      line_count integer,
      byte_count bigint,
      error text,
      attempts integer NOT NULL DEFAULT 0,
      claimed_at timestamptz,
      created_at timestamptz NOT NULL,
      finished_at timestamptz,
      CHECK (from_date <= to_date)
    );
    CREATE INDEX statement_files_owner_idx ON statement_files (agent_id, environment, user_id, id DESC);
    CREATE INDEX statement_files_waiting_idx ON statement_files (id) WHERE status IN (0, 2);

    CREATE TABLE statement_deliveries (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint NOT NULL REFERENCES users(id),
      frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
      format text NOT NULL CHECK (format IN ('pdf', 'csv', 'xlsx', 'mt940', 'camt053')),
      lang text NOT NULL CHECK (lang IN ('id', 'en')),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      UNIQUE (user_id, environment, frequency, format)
    );

    CREATE TABLE statement_delivery_runs (
      delivery_id bigint NOT NULL REFERENCES statement_deliveries(id),
      period_from date NOT NULL,
      period_to date NOT NULL,
      status text NOT NULL CHECK (status IN ('claimed', 'sent', 'failed')),
      statement_file_id bigint REFERENCES statement_files(id),
      attempts integer NOT NULL DEFAULT 1,
      error text,
      claimed_at timestamptz NOT NULL,
      sent_at timestamptz,
      PRIMARY KEY (delivery_id, period_from)
    );

    ALTER TABLE mail_outbox ADD COLUMN attachment_name text;
    ALTER TABLE mail_outbox ADD COLUMN attachment_path text;
    `,
  );
}
