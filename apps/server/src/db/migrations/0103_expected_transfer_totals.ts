import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Totals an incoming bank transfer is matched by (modules/payins/expected-totals.ts): an open
 * manual top-up (deposits) and an open transfer order paid by manual transfer each hold their exact
 * total on the receiving account here, unique per environment and account, so two open
 * expectations of either kind never share a total, also when created at the same instant. A row
 * whose holder is no longer open (paid, cancelled, expired) is cleared by the next claim in its
 * range. Existing open top-ups and orders are copied in (first one wins a shared total).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE expected_transfer_totals (
      id bigserial PRIMARY KEY,
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      account_number text NOT NULL,
      total bigint NOT NULL CHECK (total > 0),
      source_kind text NOT NULL CHECK (source_kind IN ('deposit', 'transfer_order')),
      source_id text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (environment, account_number, total)
    );
    CREATE INDEX expected_transfer_totals_source_idx
      ON expected_transfer_totals (source_kind, source_id);
    INSERT INTO expected_transfer_totals
      (environment, account_number, total, source_kind, source_id, expires_at, created_at)
      SELECT environment, norekening, nominal_unik, 'deposit', id_deposit, expired_at, created_at
      FROM deposits WHERE status = 0 AND kind = 'topup'
      ON CONFLICT DO NOTHING;
    INSERT INTO expected_transfer_totals
      (environment, account_number, total, source_kind, source_id, expires_at, created_at)
      SELECT environment, pay_number, total_amount, 'transfer_order', id, time_expired, time_created
      FROM transfer_orders
      WHERE status = 'NEW' AND channel_kind = 'TRANSFER' AND total_amount > 0
      ON CONFLICT DO NOTHING;
  `,
  );
}
