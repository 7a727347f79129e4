import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Domestic transfer orders become paid orders (spec 02 §2.2, §3 "transfer order", §4): the order
 * keeps its payment channel, fees, voucher, unique code, total and the instrument the payer pays
 * (a closed VA, QRIS, a retail code or the provider's bank account), plus the client key that makes
 * a repeated create answer the same order. Each destination is a line, sent through the payout
 * block (rail submission `('transfer_order_line', line id)`), with the bulk row statuses
 * -2 On Process, -1 Queue, 0 New, 1 Success, 2 Failed. A failed line's amount goes back to the
 * agent's balance once (`refunded_at`). Existing rows (demo history) keep their values.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE transfer_orders ADD COLUMN client_key text;
    ALTER TABLE transfer_orders ADD COLUMN username text NOT NULL DEFAULT '';
    ALTER TABLE transfer_orders ADD COLUMN description text NOT NULL DEFAULT '';
    ALTER TABLE transfer_orders ADD COLUMN channel_id text;
    ALTER TABLE transfer_orders ADD COLUMN channel_kind text
      CHECK (channel_kind IN ('VA', 'QRIS', 'RETAIL', 'TRANSFER'));
    ALTER TABLE transfer_orders ADD COLUMN channel_name text NOT NULL DEFAULT '';
    ALTER TABLE transfer_orders ADD COLUMN channel_code text NOT NULL DEFAULT '';
    ALTER TABLE transfer_orders ADD COLUMN service_fee bigint NOT NULL DEFAULT 0 CHECK (service_fee >= 0);
    ALTER TABLE transfer_orders ADD COLUMN kode_voucher text NOT NULL DEFAULT '';
    ALTER TABLE transfer_orders ADD COLUMN voucher_amount bigint NOT NULL DEFAULT 0 CHECK (voucher_amount >= 0);
    ALTER TABLE transfer_orders ADD COLUMN unique_amount bigint NOT NULL DEFAULT 0
      CHECK (unique_amount = 0 OR unique_amount BETWEEN 100 AND 999);
    ALTER TABLE transfer_orders ADD COLUMN total_amount bigint NOT NULL DEFAULT 0 CHECK (total_amount >= 0);
    ALTER TABLE transfer_orders ADD COLUMN pay_number text NOT NULL DEFAULT '';
    ALTER TABLE transfer_orders ADD COLUMN pay_account_name text NOT NULL DEFAULT '';
    ALTER TABLE transfer_orders ADD COLUMN qris_payload text;
    ALTER TABLE transfer_orders ADD COLUMN line_count integer NOT NULL DEFAULT 1;
    ALTER TABLE transfer_orders ADD COLUMN is_confirm_transfer boolean NOT NULL DEFAULT false;
    ALTER TABLE transfer_orders ADD COLUMN confirmed_at timestamptz;
    ALTER TABLE transfer_orders ADD COLUMN disbursed_at timestamptz;
    CREATE UNIQUE INDEX transfer_orders_client_key_idx
      ON transfer_orders (agent_id, environment, client_key) WHERE client_key IS NOT NULL;
    CREATE INDEX transfer_orders_open_idx ON transfer_orders (status) WHERE status IN ('PAID', 'PROCESS_COMPLETED');
    CREATE INDEX transfer_orders_manual_idx
      ON transfer_orders (environment, pay_number, total_amount) WHERE status = 'NEW' AND channel_kind = 'TRANSFER';

    CREATE TABLE transfer_order_lines (
      id bigserial PRIMARY KEY,
      order_id text NOT NULL REFERENCES transfer_orders(id),
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      line_no integer NOT NULL,
      inquiry_id bigint NOT NULL REFERENCES withdraw_inquiries(id),
      id_transaksi text NOT NULL,
      rail text NOT NULL CHECK (rail IN ('BANK', 'EWALLET', 'RETAIL')),
      rail_code text NOT NULL,
      account_type text NOT NULL,
      bank_code text NOT NULL,
      bank_name text NOT NULL,
      account_number text NOT NULL,
      account_name text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      remark text NOT NULL DEFAULT '',
      status integer NOT NULL DEFAULT 0 CHECK (status IN (-2, -1, 0, 1, 2)),
      transaction_id bigint,
      completed_at timestamptz,
      refunded_at timestamptz,
      UNIQUE (order_id, line_no)
    );
    CREATE INDEX transfer_order_lines_order_idx ON transfer_order_lines (order_id);
    CREATE INDEX transfer_order_lines_inquiry_idx ON transfer_order_lines (inquiry_id);
  `,
  );
}
