import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Incoming VA and QRIS payments are held (ledger `merchant_held`) until their settlement date,
 * one `incoming_holds` row each; a settlement moves a day's holds of one product to the available
 * balance and is one `settlements` row. docs/data-model.md describes the columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE settlements (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      tgltrx date NOT NULL,
      tglsettle date NOT NULL,
      id_produk text NOT NULL,
      nama_produk text NOT NULL,
      rekonnum integer NOT NULL DEFAULT 0,
      nominal bigint NOT NULL DEFAULT 0 CHECK (nominal >= 0),
      status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'process', 'failed', 'completed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      ledger_transfer_id text,
      UNIQUE (agent_id, environment, tgltrx, id_produk)
    );
    CREATE INDEX settlements_agent_date_idx ON settlements (agent_id, environment, tglsettle DESC, id DESC);

    CREATE TABLE incoming_holds (
      id_hold bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      id_transaksi text NOT NULL UNIQUE,
      partner_reff text,
      addinfo1 text,
      id_produk text NOT NULL,
      nama_produk text NOT NULL,
      nominal_origin bigint NOT NULL CHECK (nominal_origin > 0),
      hold_amount bigint NOT NULL CHECK (hold_amount >= 0),
      date_created timestamptz NOT NULL DEFAULT now(),
      created_date date NOT NULL,
      days_settlement integer NOT NULL DEFAULT 1,
      date_settlement date NOT NULL,
      -- 0 waiting, 1 settled (sent), 2 failed, 3 process.
      is_sent integer NOT NULL DEFAULT 0 CHECK (is_sent IN (0, 1, 2, 3)),
      date_flag timestamptz,
      settlement_id bigint REFERENCES settlements(id),
      ledger_transfer_id text
    );
    CREATE INDEX incoming_holds_agent_date_idx ON incoming_holds (agent_id, environment, created_date DESC, id_hold DESC);
    CREATE INDEX incoming_holds_due_idx ON incoming_holds (environment, date_settlement) WHERE is_sent = 0;
  `,
  );
}
