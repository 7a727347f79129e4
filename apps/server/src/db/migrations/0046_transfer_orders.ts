import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Domestic transfer orders (the `transfer` data page, spec 03 §3.1 "transaction report rows" and
 * §4): NEW until paid, then PAID, PROCESS_COMPLETED, COMPLETED or FAILED. A NEW order past
 * `time_expired` is displayed as EXPIRED (computed, never stored).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE transfer_orders (
      id text PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint REFERENCES users(id),
      time_created timestamptz NOT NULL DEFAULT now(),
      created_date date NOT NULL,
      account_name text NOT NULL,
      account_number text NOT NULL,
      kodebank text NOT NULL,
      namabank text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      fee_admin bigint NOT NULL DEFAULT 0 CHECK (fee_admin >= 0),
      time_expired timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'NEW'
        CHECK (status IN ('NEW', 'PAID', 'PROCESS_COMPLETED', 'COMPLETED', 'FAILED')),
      id_transaksi text,
      paid_at timestamptz,
      completed_at timestamptz
    );
    CREATE INDEX transfer_orders_agent_date_idx ON transfer_orders (agent_id, environment, created_date DESC, time_created DESC);
  `,
  );
}
