import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The pay-in block (modules/payins):
 * - `payin_codes`: what a payer pays that is not a virtual account — a dynamic QRIS (its bill
 *   number, tag 62/01, and the payload), a retail pay code, an e-wallet or card checkout
 *   reference. One payment each; an expired or paid code refuses further payments.
 * - `payin_receipts`: every inbound notification accepted from a rail, unique on the bank's
 *   reference per channel and environment. The row is written in the same database transaction
 *   as the ledger chain, so a replayed notification finds it and moves no money.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE payin_codes (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      kind text NOT NULL CHECK (kind IN ('QRIS', 'RETAIL', 'EWALLET', 'CREDIT_CARD')),
      channel_code text NOT NULL,
      code text NOT NULL,
      payload text,
      amount bigint NOT NULL CHECK (amount > 0),
      customer_name text NOT NULL DEFAULT '',
      partner_reff text,
      -- 0 open, 1 paid, 2 expired.
      status integer NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
      expires_at timestamptz NOT NULL,
      paid_at timestamptz,
      id_transaksi text,
      created_at timestamptz NOT NULL,
      UNIQUE (environment, kind, code)
    );
    CREATE INDEX payin_codes_agent_idx ON payin_codes (agent_id, environment, created_at DESC);

    CREATE TABLE payin_receipts (
      id bigserial PRIMARY KEY,
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      channel text NOT NULL,
      rail_reference text NOT NULL,
      paid_to text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      paid_at timestamptz NOT NULL,
      agent_id bigint REFERENCES agents(id),
      id_transaksi text,
      -- held (merchant held account), available (top-up), suspense (unmatched transfer).
      outcome text NOT NULL CHECK (outcome IN ('held', 'available', 'suspense')),
      created_at timestamptz NOT NULL,
      UNIQUE (environment, channel, rail_reference)
    );
  `,
  );
}
