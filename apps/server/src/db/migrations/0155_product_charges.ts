import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * `product_charges`: the fee schedule history of an agent's products (spec 03 §3.1 "charge row":
 * transaction_date, created_date, charge_nominal, charge_percentage, kode_produk, is_active).
 * One row per pricing version; `transaction_date` is the WIB date the fees apply from. The
 * current version is the one active row of an agent and product (the partial unique index keeps
 * it to one); a change of `product_pricing` fees deactivates it and adds a new active row in the
 * same transaction (modules/withdraw/charges.ts). `product_pricing` stays what the fee
 * calculation reads; this table is its history for the /data/produk page.
 *
 * Existing pricing rows get their one active version. Their history before this migration is not
 * known: the row's last change (`updated_at`) is the earliest date the current fees surely apply.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE product_charges (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      kode_produk text NOT NULL,
      charge_nominal bigint NOT NULL CHECK (charge_nominal >= 0),
      charge_percentage numeric(6, 3) NOT NULL
        CHECK (charge_percentage >= 0 AND charge_percentage <= 100),
      transaction_date date NOT NULL,
      created_date timestamptz NOT NULL,
      is_active boolean NOT NULL,
      FOREIGN KEY (agent_id, kode_produk) REFERENCES product_pricing (agent_id, kode_produk)
    );
    CREATE UNIQUE INDEX product_charges_one_active_idx
      ON product_charges (agent_id, kode_produk) WHERE is_active;
    CREATE INDEX product_charges_agent_idx ON product_charges (agent_id, kode_produk, id DESC);

    INSERT INTO product_charges (agent_id, kode_produk, charge_nominal, charge_percentage,
        transaction_date, created_date, is_active)
      SELECT agent_id, kode_produk, fee_admin, fee_admin_prosen,
        ((updated_at AT TIME ZONE 'UTC') + interval '7 hours')::date, updated_at, true
      FROM product_pricing ORDER BY id;
    `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await execScript(db, 'DROP TABLE product_charges;');
}
