import { findPayinChannel, type PayinChannel } from '@gerbang/shared/domain/payin-channels';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What a payment on a channel costs the merchant, and when it settles. */
export interface PayinPrice {
  channel: PayinChannel;
  adminFee: number;
  serviceFee: number;
  /** adminFee + serviceFee: what goes to fee revenue. */
  fee: number;
  disrupted: boolean;
}

/** amount × percent / 100, rounded half up, in integers (percent has at most 3 decimals). */
export function percentOf(amount: number, percent: number): number {
  const milliPercent = BigInt(Math.round(percent * 1000));
  return Number((BigInt(amount) * milliPercent + 50_000n) / 100_000n);
}

/**
 * The channel's fees for this agent and amount: the agent's `product_pricing` row for the
 * channel's product code when there is one (admin fee and disruption flag), else the catalog's.
 */
export async function pricePayin(
  db: Kysely<Database>,
  agentId: number,
  channelCode: string,
  amount: number,
): Promise<PayinPrice> {
  const channel = findPayinChannel(channelCode);
  if (!channel) throw new Error(`unknown pay-in channel ${channelCode}`);
  const row = await db
    .selectFrom('product_pricing')
    .select(['fee_admin', 'fee_admin_prosen', 'is_gangguan'])
    .where('agent_id', '=', agentId)
    .where('kode_produk', '=', channel.productCode)
    .executeTakeFirst();
  return priceFrom(channel, row, amount);
}

/** The agent's pricing row of a channel's product, as `priceFrom` reads it. */
export interface PayinPricingRow {
  fee_admin: number;
  fee_admin_prosen: number | string;
  is_gangguan: boolean;
}

/** The price of `amount` on `channel` given the agent's pricing row (pure; the seed prices in bulk). */
export function priceFrom(
  channel: PayinChannel,
  row: PayinPricingRow | undefined,
  amount: number,
): PayinPrice {
  const adminFee = row
    ? row.fee_admin + percentOf(amount, Number(row.fee_admin_prosen))
    : channel.adminFee + percentOf(amount, channel.adminFeePercent);
  return {
    channel,
    adminFee,
    serviceFee: channel.serviceFee,
    fee: adminFee + channel.serviceFee,
    disrupted: row?.is_gangguan ?? false,
  };
}
