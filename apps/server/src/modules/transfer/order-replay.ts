import { RC } from '@gerbang/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { TransferOrdersTable } from './tables';

/** What a repeat of `order_create` must repeat for its client key to answer the first order. */
type OrderRequest = {
  id_channel: string;
  list_order: ReadonlyArray<{ id_inquiry: string; amount: number }>;
};

/**
 * A client key answers its first order only for the same request: the same channel and the same
 * lines (inquiry and amount, in order). Another request under a used key is a client error, 409
 * like every other reused key with another body — never the first order passed off as this one.
 */
export async function assertSameOrderRequest(
  db: Kysely<Database>,
  first: Selectable<TransferOrdersTable>,
  input: OrderRequest,
): Promise<void> {
  const lines = await db
    .selectFrom('transfer_order_lines as l')
    .innerJoin('withdraw_inquiries as i', 'i.id', 'l.inquiry_id')
    .select(['i.id_transaksi as id_inquiry', 'l.amount'])
    .where('l.order_id', '=', first.id)
    .orderBy('l.line_no')
    .execute();
  const same =
    first.channel_id === input.id_channel &&
    lines.length === input.list_order.length &&
    lines.every(
      (line, i) =>
        line.id_inquiry === input.list_order[i].id_inquiry &&
        Number(line.amount) === Number(input.list_order[i].amount),
    );
  if (!same) throw new ApiError(RC.CONFLICT, 'common.errors.idempotencyConflict');
}
