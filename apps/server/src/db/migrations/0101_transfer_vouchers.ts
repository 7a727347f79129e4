import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Vouchers of the domestic transfer (spec 02 §3 "voucher": code, description, amount): valid
 * between two instants, usable `per_user_limit` times per user. A use is the order that carries it
 * (one row per order, unique): an order that expired unpaid no longer counts. The amount is booked
 * once in the order's ledger chain when the order is paid.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE vouchers (
      id bigserial PRIMARY KEY,
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      kode text NOT NULL,
      keterangan text NOT NULL,
      nominal bigint NOT NULL CHECK (nominal > 0),
      valid_from timestamptz NOT NULL,
      valid_until timestamptz NOT NULL,
      per_user_limit integer NOT NULL CHECK (per_user_limit > 0),
      is_active boolean NOT NULL DEFAULT true,
      UNIQUE (environment, kode)
    );
    CREATE TABLE voucher_uses (
      id bigserial PRIMARY KEY,
      voucher_id bigint NOT NULL REFERENCES vouchers(id),
      user_id bigint NOT NULL REFERENCES users(id),
      order_id text NOT NULL UNIQUE REFERENCES transfer_orders(id),
      created_at timestamptz NOT NULL
    );
    CREATE INDEX voucher_uses_user_idx ON voucher_uses (voucher_id, user_id);
  `,
  );
}
