import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Aggregators (group 11): the revenue share they earn on each member transaction, and the member
 * profile fields of spec 03 §3.1 "agent row" that `agents` does not carry. Membership itself is
 * `agents.aggregator_agent_id`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE aggregator_fees (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      member_agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      id_transaksi text NOT NULL,
      fee_type text NOT NULL CHECK (fee_type IN ('VA', 'TRF')),
      fee_date date NOT NULL,
      nominal bigint NOT NULL CHECK (nominal >= 0),
      fee bigint NOT NULL CHECK (fee >= 0),
      ledger_transfer_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (agent_id, environment, id_transaksi)
    );
    CREATE INDEX aggregator_fees_agent_date_idx ON aggregator_fees (agent_id, environment, fee_date DESC, member_agent_id);

    CREATE TABLE merchant_members (
      agent_id bigint PRIMARY KEY REFERENCES agents(id),
      aggregator_agent_id bigint NOT NULL REFERENCES agents(id),
      -- 0 not active, 1 active, 2 failed login.
      status integer NOT NULL DEFAULT 1 CHECK (status IN (0, 1, 2)),
      is_blocked boolean NOT NULL DEFAULT false,
      minimum_balance bigint NOT NULL DEFAULT 0,
      id_refferer text,
      nickname text,
      nama_initial text,
      telp_pemilik text,
      nama_propinsi text,
      nama_kota text,
      namakomisi text,
      tanggal_aktivasi timestamptz,
      tanggal_registrasi timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX merchant_members_aggregator_idx ON merchant_members (aggregator_agent_id, agent_id);
  `,
  );
}
