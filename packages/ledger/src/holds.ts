/**
 * Two-phase transfers: the pure rules for resolving a pending transfer (post, partial post, void,
 * expiry) and for naming the void transfers the expiry sweep writes.
 */
import { createHash } from 'node:crypto';
import {
  LIMITS,
  type PendingStatus,
  TRANSFER_FLAG,
  type Transfer,
  type TransferErrorCode,
} from './model';
import type { CheckedTransfer } from './validate';

export interface PendingResolution {
  pending: Transfer;
  /** The amount moved to posted: the posted part for a post, the full pending amount for a void. */
  amount: number;
  status: Exclude<PendingStatus, 'pending'>;
}

export function timeoutAtOf(createdAt: Date, timeoutSeconds: number): Date | null {
  return timeoutSeconds > 0 ? new Date(createdAt.getTime() + timeoutSeconds * 1000) : null;
}

export function isExpiredAt(pending: Transfer, at: Date): boolean {
  return pending.timeoutAt !== null && pending.timeoutAt.getTime() <= at.getTime();
}

/**
 * Checks a post or void against the pending transfer it names. `expiry` marks the sweep's voids,
 * which are the only resolutions allowed once the timeout has passed.
 */
export function resolvePending(
  checked: CheckedTransfer,
  pending: Transfer | undefined,
  at: Date,
  expiry: boolean,
): PendingResolution | TransferErrorCode {
  if (pending === undefined) return 'pending_transfer_not_found';
  if ((pending.flags & TRANSFER_FLAG.pending) === 0) return 'pending_transfer_not_pending';
  if (checked.debitAccountId !== null && checked.debitAccountId !== pending.debitAccountId) {
    return 'pending_transfer_has_different_debit_account_id';
  }
  if (checked.creditAccountId !== null && checked.creditAccountId !== pending.creditAccountId) {
    return 'pending_transfer_has_different_credit_account_id';
  }
  if (pending.status === 'posted') return 'pending_transfer_already_posted';
  if (pending.status === 'voided') return 'pending_transfer_already_voided';
  if (pending.status === 'expired') return 'pending_transfer_expired';
  if (isExpiredAt(pending, at) !== expiry) {
    // A late post or void is refused like TigerBeetle does; an early expiry is the sweep's bug.
    return expiry ? 'pending_transfer_not_expired' : 'pending_transfer_expired';
  }

  if (checked.type === 'post') {
    const amount = checked.amount ?? pending.amount;
    if (amount > pending.amount) return 'exceeds_pending_transfer_amount';
    return { pending, amount, status: 'posted' };
  }
  const amount = checked.amount ?? pending.amount;
  if (amount !== pending.amount) return 'pending_transfer_has_different_amount';
  return { pending, amount, status: expiry ? 'expired' : 'voided' };
}

/** The void the sweep writes for an expired hold; deterministic, so two sweepers cannot both win. */
export function expiryTransferId(pendingId: string): string {
  const prefix = 'expire:';
  if (prefix.length + pendingId.length <= LIMITS.idLengthMax) return prefix + pendingId;
  return prefix + createHash('sha256').update(pendingId).digest('hex');
}
