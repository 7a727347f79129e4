import type { TransferInput } from '@gerbang/ledger';

/**
 * The ids that end a payout's hold. A hold is the pending linked chain a feature's pure
 * `postings()` planned, created by `openPayout`; `finalize` posts or voids it with ids derived from
 * the pending ones, so the pending ids are the payout's idempotency keys.
 */
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
