import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Advance funds (dana talangan, spec 03 §2.9, §3.6): a request to pay out held funds of the chosen
 * dates early. Deleting from the data page is a soft delete of a request not yet approved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE dana_talangan_requests (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint REFERENCES users(id),
      username text NOT NULL,
      date_from date NOT NULL,
      date_to date NOT NULL,
      id_produk text NOT NULL,
      nama_produk text NOT NULL,
      nominal bigint NOT NULL DEFAULT 0 CHECK (nominal >= 0),
      -- 0 New, 1 Approved, 2 Rejected, 3 Disbursed.
      status integer NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
      forced boolean NOT NULL DEFAULT false,
      missing_dates jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_date date NOT NULL,
      deleted_at timestamptz,
      CHECK (date_to >= date_from)
    );
    CREATE INDEX dana_talangan_agent_date_idx ON dana_talangan_requests (agent_id, environment, created_date DESC, id DESC)
      WHERE deleted_at IS NULL;
  `,
  );
}
