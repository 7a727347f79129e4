import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * A cancelled ("change method") transfer order is closed for good: `cancelled_at` is set and the
 * pay-in block never marks such an order paid (money that still arrives for it goes back to the
 * agent's balance). The order's lines take their own transaction ids (order id + line number),
 * so an inquiry given back by a cancelled or expired order can serve a new order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE transfer_orders ADD COLUMN cancelled_at timestamptz;
    CREATE INDEX transfer_orders_paid_idx ON transfer_orders (time_created) WHERE status = 'PAID';
    CREATE INDEX transfer_orders_process_idx ON transfer_orders (time_created)
      WHERE status = 'PROCESS_COMPLETED';
  `,
  );
}
