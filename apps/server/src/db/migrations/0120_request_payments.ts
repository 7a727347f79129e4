import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Request payment (modules/request-payment, spec 03 §2.5, §3.4):
 * - `request_payments`: one payment link. `payment_secret` is what the public link carries (the
 *   sequential id never leaves the back office). `use_count` rises only when a payment is booked,
 *   by a conditional UPDATE (use_count < max_uses) in the receiving transaction.
 * - `request_payment_customers`: one instrument issued for one payer and one method. The partial
 *   unique index gives the same payer (e-mail) and the same method the same open instrument.
 *   is_paid 0 open, 1 paid, 2 cancelled (the link's last use went to another payer).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE request_payments (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint NOT NULL REFERENCES users(id),
      payment_secret text NOT NULL UNIQUE,
      name_payment text NOT NULL,
      desc_payment text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      max_uses integer NOT NULL CHECK (max_uses > 0),
      use_count integer NOT NULL DEFAULT 0 CHECK (use_count >= 0 AND use_count <= max_uses),
      total_paid bigint NOT NULL DEFAULT 0,
      via text NOT NULL,
      time_request timestamptz NOT NULL,
      time_expired timestamptz NOT NULL
    );
    CREATE INDEX request_payments_agent_idx ON request_payments (agent_id, environment, id DESC);

    CREATE TABLE request_payment_customers (
      id bigserial PRIMARY KEY,
      request_payment_id bigint NOT NULL REFERENCES request_payments(id),
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      customer_reff text NOT NULL UNIQUE,
      customer_name text NOT NULL,
      customer_email text NOT NULL,
      payer_key text NOT NULL,
      customer_notelp text NOT NULL,
      kode_bank text NOT NULL,
      bank_name text NOT NULL,
      kind text NOT NULL,
      va_number text NOT NULL,
      payload text,
      link_payment text,
      amount bigint NOT NULL,
      expires_at timestamptz NOT NULL,
      is_paid smallint NOT NULL DEFAULT 0 CHECK (is_paid IN (0, 1, 2)),
      id_transaksi text,
      paid_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX request_payment_customers_link_idx
      ON request_payment_customers (request_payment_id, id DESC);
    CREATE UNIQUE INDEX request_payment_customers_open_idx
      ON request_payment_customers (request_payment_id, payer_key, kode_bank) WHERE is_paid = 0;
  `,
  );
}
