import {
  findTransferChannel,
  type PaymentChannel,
  TRANSFER_CHANNELS,
  TRANSFER_LIMITS,
  type TransferChannelDef,
} from '@gerbang/shared/contract/transfer';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { validationError } from '../../http/errors';
import type { UserActor } from '../../platform/actor';

/** Spec 02 §2.2, §6: a Personal END USER has no channel-type choice: virtual accounts only. */
export const END_USER = 'Personal END USER';

export interface PricedChannel {
  def: TransferChannelDef;
  adminFee: number;
  serviceFee: number;
  disrupted: boolean;
}

export function channelType(def: TransferChannelDef): 'VA' | 'TRANSFER' {
  return def.kind === 'TRANSFER' ? 'TRANSFER' : 'VA';
}

/** The channel's admin fee: the agent's pricing row, else the placeholder 2,500 (spec 02 §9). */
export async function priceChannel(
  db: Kysely<Database>,
  agentId: number,
  def: TransferChannelDef,
): Promise<PricedChannel> {
  const row = await db
    .selectFrom('product_pricing')
    .select(['fee_admin', 'is_gangguan'])
    .where('agent_id', '=', agentId)
    .where('kode_produk', '=', def.productCode)
    .executeTakeFirst();
  return {
    def,
    adminFee: row ? Number(row.fee_admin) : TRANSFER_LIMITS.defaultAdminFee,
    serviceFee: def.serviceFee,
    disrupted: row?.is_gangguan ?? false,
  };
}

function allowedFor(actor: UserActor, def: TransferChannelDef): boolean {
  return actor.auth.agent.user_type !== END_USER || def.kind === 'VA';
}

const logoUrl = (code: string) => `/api/transaction/bank_logo/${encodeURIComponent(code)}`;

/** GET transaction/channel_payment: the channels this user may pay with, priced, not disrupted. */
export async function listChannels(
  db: Kysely<Database>,
  actor: UserActor,
): Promise<PaymentChannel[]> {
  const out: PaymentChannel[] = [];
  for (const def of TRANSFER_CHANNELS) {
    if (!allowedFor(actor, def)) continue;
    const priced = await priceChannel(db, actor.auth.agent.id, def);
    if (priced.disrupted) continue;
    out.push({
      id: def.id,
      namaChannel: def.name,
      codeChannel: def.code,
      url_image: logoUrl(def.code),
      admin_fee: priced.adminFee,
      service_fee: priced.serviceFee,
      text_help: `transfer.help.${def.kind}`,
      channel_type: channelType(def),
      account_number_name: def.account?.name ?? '',
      kind: def.kind,
    });
  }
  return out;
}

/** The channel an order names, if this user may use it now. */
export async function resolveChannel(
  db: Kysely<Database>,
  actor: UserActor,
  id: string,
): Promise<PricedChannel> {
  const def = findTransferChannel(id);
  if (!def || !allowedFor(actor, def)) throw validationError('transfer.unknownChannel');
  const priced = await priceChannel(db, actor.auth.agent.id, def);
  if (priced.disrupted) throw validationError('transfer.channelDisrupted');
  return priced;
}
