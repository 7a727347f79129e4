/**
 * The aggregator's revenue share (spec 03: aggregators, group 11, "resume share profit by mitra"):
 * when a member merchant's pay-ins settle, its aggregator earns a share of each one, paid by the
 * provider out of fee revenue (`fee_revenue` → `aggregator_share`) and listed per transaction in
 * `aggregator_fees` (fee_type 'VA' for incoming money), which the aggregator_fee_daily / monthly
 * and resume_share_profit_by_mitra pages read. It is booked by the settlement job in the same
 * database transaction as the settlement (payins/settlement.ts), on the settlement's WIB date.
 *
 * Rates are the demo's aggregator terms (the seed's history uses the same numbers): a virtual
 * account pays a flat Rp 1.000 per payment, any other channel (QRIS, retail, e-wallet, card)
 * 0.2 % of the amount paid (at least Rp 1); a member's transfer (TRF) pays Rp 500.
 *
 * Exactly once: one `aggregator_fees` row per (aggregator, environment, transaction) (a unique
 * key) and one ledger transfer `aggregator_share:<environment>:<id_transaksi>` (idempotent id).
 */
import { isTransferOk, type TransferInput } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import { PAYIN_CHANNELS, type PayinChannelKind } from '@gerbang/shared/domain/payin-channels';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { AggregatorFeesTable } from './tables';

export const AGGREGATOR_SHARE = {
  /** Flat share of one virtual-account payment. */
  vaFlat: 1_000,
  /** Share of one payment through any other channel, in percent of the amount paid. */
  otherPercent: 0.2,
  /** Flat share of one member transfer (TRF). */
  transfer: 500,
} as const;

/** The ledger kind of the aggregator's account (credit-normal, per aggregator). */
export const AGGREGATOR_ACCOUNT = 'aggregator_share';

/** The share of one pay-in of `amount` through a channel of `kind` (pure). */
export function payinShare(kind: PayinChannelKind | undefined, amount: number): number {
  if (kind === 'VA') return AGGREGATOR_SHARE.vaFlat;
  return Math.max(1, Math.round((amount * AGGREGATOR_SHARE.otherPercent) / 100));
}

/** The channel kind of a hold's product code (VA014 → VA, QRIS → QRIS, …). */
export function channelKindOfProduct(idProduk: string): PayinChannelKind | undefined {
  return PAYIN_CHANNELS.find((c) => c.productCode === idProduk)?.kind;
}

export interface SettledPayin {
  id_transaksi: string;
  id_produk: string;
  /** The amount the payer paid. */
  nominal_origin: number;
}

/**
 * The share rows of a member's settled pay-ins (pure): the `aggregator_fees` row and the ledger
 * transfer of each.
 */
export function payinShareRows(input: {
  aggregatorId: number;
  memberId: number;
  memberName: string;
  environment: Environment;
  feeDate: string;
  payins: SettledPayin[];
  accounts: { fees: number; share: number };
  now: Date;
}): Array<{ fee: Insertable<AggregatorFeesTable>; transfer: TransferInput }> {
  return input.payins.map((payin) => {
    const amount = Number(payin.nominal_origin);
    const share = payinShare(channelKindOfProduct(payin.id_produk), amount);
    const transferId = `aggregator_share:${input.environment}:${payin.id_transaksi}`;
    return {
      fee: {
        agent_id: input.aggregatorId,
        member_agent_id: input.memberId,
        environment: input.environment,
        id_transaksi: payin.id_transaksi,
        fee_type: 'VA',
        fee_date: input.feeDate,
        nominal: amount,
        fee: share,
        ledger_transfer_id: transferId,
        created_at: input.now,
      },
      transfer: {
        id: transferId,
        debitAccountId: input.accounts.fees,
        creditAccountId: input.accounts.share,
        amount: share,
        kind: 'aggregator_share',
        reference: payin.id_transaksi,
        description: `Revenue share ${input.memberName}`,
      },
    };
  });
}

/**
 * Books the aggregator's share of one completed settlement, inside the settlement's transaction:
 * nothing when the merchant has no aggregator. A pay-in already booked (its fee row exists) is
 * skipped, so a repeat books nothing twice. Answers the total share booked.
 */
export async function bookSettlementShares(
  services: Pick<Services, 'ledger'>,
  trx: Kysely<Database>,
  settlement: { id: number; agent_id: number; environment: Environment },
  now: Date,
  feeDate: string,
): Promise<number> {
  const member = await trx
    .selectFrom('agents')
    .select(['aggregator_agent_id', 'nama_agen'])
    .where('id', '=', settlement.agent_id)
    .executeTakeFirst();
  const aggregatorId = member?.aggregator_agent_id ?? null;
  if (aggregatorId === null || !member) return 0;
  const payins = await trx
    .selectFrom('incoming_holds as h')
    .select(['h.id_transaksi', 'h.id_produk', 'h.nominal_origin'])
    .where('h.settlement_id', '=', settlement.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('aggregator_fees as f')
            .select('f.id')
            .whereRef('f.id_transaksi', '=', 'h.id_transaksi')
            .where('f.agent_id', '=', aggregatorId)
            .where('f.environment', '=', settlement.environment),
        ),
      ),
    )
    .orderBy('h.id_hold')
    .execute();
  if (payins.length === 0) return 0;
  const [fees, share] = await services.ledger.ensureAccounts(
    [
      { kind: 'fee_revenue', environment: settlement.environment },
      { kind: AGGREGATOR_ACCOUNT, agentId: aggregatorId, environment: settlement.environment },
    ],
    { trx },
  );
  if (!fees || !share) throw new Error('aggregator share accounts missing');
  const rows = payinShareRows({
    aggregatorId,
    memberId: settlement.agent_id,
    memberName: member.nama_agen,
    environment: settlement.environment,
    feeDate,
    payins,
    accounts: { fees: fees.id, share: share.id },
    now,
  });
  const results = await services.ledger.createTransfers(
    rows.map((r) => r.transfer),
    { trx },
  );
  const refused = results.filter((r) => !isTransferOk(r));
  // Thrown: the settlement's transaction rolls back and the next run retries it.
  if (refused.length > 0) {
    throw new Error(`ledger refused aggregator shares: ${refused.map((r) => r.result).join(', ')}`);
  }
  await trx
    .insertInto('aggregator_fees')
    .values(rows.map((r) => r.fee))
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.fee.fee), 0);
}
