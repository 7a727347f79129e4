import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Top-ups (spec 03 §3.1 "deposit row"). The merchant transfers `nominal_unik` (amount plus a
 * three-digit unique code) to the provider's account; the matching incoming transfer credits
 * `merchant_available` through the ledger and sets status 1. docs/data-model.md describes every column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE deposits (
      id bigserial PRIMARY KEY,
      id_deposit text NOT NULL UNIQUE,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint REFERENCES users(id),
      username text NOT NULL,
      tanggal_transaksi timestamptz NOT NULL DEFAULT now(),
      transaction_date date NOT NULL,
      atasnama text NOT NULL,
      norekening text NOT NULL,
      kodebank text NOT NULL,
      namabank text NOT NULL,
      nominal bigint NOT NULL CHECK (nominal > 0),
      kode_unik integer NOT NULL DEFAULT 0,
      nominal_unik bigint NOT NULL CHECK (nominal_unik > 0),
      -- 0 New, 1 Success, 2 Failed, 3 Expired.
      status integer NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
      tanggal_transfer timestamptz,
      expired_at timestamptz NOT NULL,
      ledger_transfer_id text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX deposits_agent_date_idx ON deposits (agent_id, environment, transaction_date DESC, id DESC);
    CREATE INDEX deposits_open_idx ON deposits (environment, expired_at) WHERE status = 0;
  `,
  );
}
