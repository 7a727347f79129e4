/**
 * How a pay-in instrument names the order it was issued for (`ORDER:<source kind>:<order id>`),
 * and where each kind of order lives. Apart from orders.ts so that the receiving checks
 * (targets.ts) can read an order's state without importing the booking that imports them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Instruments issued for an order carry `ORDER:<source kind>:<order id>` as partner reference. */
export const ORDER_REFF_PREFIX = 'ORDER:';

export const PAYIN_ORDER_SOURCES = {
  transfer_order: {
    table: 'transfer_orders',
    /** Manual bank transfers match on these columns (account number and exact total). */
    payNumberColumn: 'pay_number',
    totalColumn: 'total_amount',
    channelKindColumn: 'channel_kind',
    manualKind: 'TRANSFER',
    /** The receiving bank's code: the clearing account the money arrives in. */
    channelCodeColumn: 'channel_code',
    expiresColumn: 'time_expired',
    /** Set when the order was cancelled: it can no longer be paid. */
    cancelledColumn: 'cancelled_at',
  },
} as const;
export type PayinOrderKind = keyof typeof PAYIN_ORDER_SOURCES;

export function orderReff(kind: PayinOrderKind, orderId: string): string {
  return `${ORDER_REFF_PREFIX}${kind}:${orderId}`;
}

/** The order an instrument's partner reference names; null for an ordinary pay-in. */
export function orderOf(
  partnerReff: string | null,
): { kind: PayinOrderKind; orderId: string } | null {
  if (!partnerReff?.startsWith(ORDER_REFF_PREFIX)) return null;
  const [kind, ...rest] = partnerReff.slice(ORDER_REFF_PREFIX.length).split(':');
  if (!kind || !(kind in PAYIN_ORDER_SOURCES) || rest.length === 0) return null;
  return { kind: kind as PayinOrderKind, orderId: rest.join(':') };
}

/**
 * True when the instrument with this partner reference was issued for an order that was since
 * cancelled: a payment to it is refused as CANCELLED, not as an already-paid bill.
 */
export async function isCancelledOrderReff(
  db: Kysely<Database>,
  partnerReff: string | null,
): Promise<boolean> {
  const order = orderOf(partnerReff);
  if (!order) return false;
  const source = PAYIN_ORDER_SOURCES[order.kind];
  const row = await db
    .selectFrom(source.table)
    .select(source.cancelledColumn)
    .where('id', '=', order.orderId)
    .executeTakeFirst();
  return row?.[source.cancelledColumn] != null;
}
