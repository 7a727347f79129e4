import { INSUFFICIENT_FUNDS, isTransferOk, type Ledger, type TransferInput } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import { availableBalance } from './accounts';

/**
 * The hold of a payout: the pending linked chain a feature's pure `postings()` planned (amount to
 * the rail's clearing account, fee to fee revenue), created inside the caller's transaction. It is
 * later posted or voided by `finalize`, whose ids derive from these (`postTransferId`,
 * `voidTransferId`), so the pending ids are the payout's idempotency keys.
 */
export type HoldResult =
  | { ok: true; pendingIds: string[] }
  /** The merchant's spendable balance is short; nothing was written. */
  | { ok: false; available: number };

export async function holdFunds(
  ledger: Ledger,
  trx: Kysely<any>,
  payer: { agentId: number; environment: Environment },
  transfers: TransferInput[],
): Promise<HoldResult> {
  if (transfers.length === 0) throw new Error('a payout hold needs at least one transfer');
  for (const transfer of transfers) {
    if (!transfer.flags?.pending) throw new Error(`payout transfer ${transfer.id} is not pending`);
  }
  const results = await ledger.createTransfers(transfers, { trx });
  if (results.every(isTransferOk)) {
    return { ok: true, pendingIds: transfers.map((transfer) => transfer.id) };
  }
  if (results.some((result) => result.result === INSUFFICIENT_FUNDS)) {
    return {
      ok: false,
      available: await availableBalance(ledger, payer.agentId, payer.environment, trx),
    };
  }
  throw new Error(`ledger refused the payout hold: ${results.map((r) => r.result).join(', ')}`);
}

export function postTransferId(pendingId: string): string {
  return `${pendingId}:post`;
}

export function voidTransferId(pendingId: string): string {
  return `${pendingId}:void`;
}

/** The transfers that post (`ok`) or void the whole pending chain, linked in one step. */
export function resolutionTransfers(
  pendingIds: string[],
  reference: string,
  ok: boolean,
): TransferInput[] {
  return pendingIds.map((pendingId, index) => ({
    id: ok ? postTransferId(pendingId) : voidTransferId(pendingId),
    pendingId,
    reference,
    flags: {
      ...(ok ? { postPending: true } : { voidPending: true }),
      linked: index < pendingIds.length - 1,
    },
  }));
}
