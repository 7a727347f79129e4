import { wibDate } from '@gerbang/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** The fees of one product for one agent, as `product_pricing` holds them. */
export interface ProductFees {
  agentId: number;
  kodeProduk: string;
  feeAdmin: number;
  feePercent: number | string;
}

/**
 * Records a new pricing version in `product_charges` (migration 0155): the agent's active row of
 * the product goes inactive and the new one becomes the active one, applying from `at`'s WIB date.
 * Call it in the transaction that inserts or changes the `product_pricing` row, so the history
 * and the fees charged never disagree. Nothing is written when the fees did not change.
 */
export async function recordProductCharge(
  trx: Transaction<Database>,
  fees: ProductFees,
  at: Date,
): Promise<void> {
  const active = await trx
    .selectFrom('product_charges')
    .select(['id', 'charge_nominal', 'charge_percentage'])
    .where('agent_id', '=', fees.agentId)
    .where('kode_produk', '=', fees.kodeProduk)
    .where('is_active', '=', true)
    .forUpdate()
    .executeTakeFirst();
  if (
    active &&
    Number(active.charge_nominal) === fees.feeAdmin &&
    Number(active.charge_percentage) === Number(fees.feePercent)
  ) {
    return;
  }
  if (active) {
    await trx
      .updateTable('product_charges')
      .set({ is_active: false })
      .where('id', '=', active.id)
      .execute();
  }
  await trx
    .insertInto('product_charges')
    .values({
      agent_id: fees.agentId,
      kode_produk: fees.kodeProduk,
      charge_nominal: fees.feeAdmin,
      charge_percentage: fees.feePercent,
      transaction_date: wibDate(at),
      created_date: at,
      is_active: true,
    })
    .execute();
}
