import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Bulk transfer (disbursement) groups and their rows (spec 03 §3.1). Each row becomes a CASH OUT
 * transaction when processed; `status` follows the spec: -2 On Process, -1 Queue, 0 New, 1 Success, 2 Failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE disbursement_groups (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint REFERENCES users(id),
      group_name text NOT NULL,
      group_desc text NOT NULL DEFAULT '',
      created_date timestamptz NOT NULL DEFAULT now(),
      created_day date NOT NULL,
      detail_count integer NOT NULL DEFAULT 0,
      total_amount bigint NOT NULL DEFAULT 0,
      checksum text,
      uuid text UNIQUE
    );
    CREATE INDEX disbursement_groups_agent_date_idx ON disbursement_groups (agent_id, environment, created_day DESC, id DESC);

    CREATE TABLE disbursement_details (
      id bigserial PRIMARY KEY,
      group_id bigint NOT NULL REFERENCES disbursement_groups(id),
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      customername text NOT NULL,
      phone text,
      email text,
      kodebank text NOT NULL,
      namabank text NOT NULL,
      norekeningtujuan text NOT NULL,
      nominal bigint NOT NULL CHECK (nominal > 0),
      id_transaksi text,
      payment_id text,
      processed_time timestamptz,
      status integer NOT NULL DEFAULT 0 CHECK (status BETWEEN -2 AND 2),
      created_date timestamptz NOT NULL DEFAULT now(),
      created_day date NOT NULL
    );
    CREATE INDEX disbursement_details_group_idx ON disbursement_details (agent_id, environment, group_id, id);
    CREATE INDEX disbursement_details_agent_date_idx ON disbursement_details (agent_id, environment, created_day DESC, id DESC);
  `,
  );
}
