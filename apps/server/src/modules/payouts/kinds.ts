import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { FailureReason, SendRejectionCode } from '../../rails';
import type { SubmissionRow } from './submissions';

export type { PayoutSource } from './submissions';

/** A payout ended at a gate (ADR 012, 016): rejected or expired approval, a rejected name mismatch. */
export type ApprovalEndCode =
  | 'APPROVAL_REJECTED'
  | 'APPROVAL_EXPIRED'
  | 'NAME_MISMATCH_REJECTED'
  | 'NAME_MISMATCH_EXPIRED';

/** The rail's (or the approval gate's) final word on a payout. */
export type PayoutOutcome =
  | { ok: true }
  | { ok: false; reason: FailureReason | SendRejectionCode | ApprovalEndCode };

/**
 * A kind of payout (withdraw, a transfer order line, a bulk row…): what `finalize` writes for it.
 * Each feature declares its descriptor in its own folder and the composition root
 * (`modules/payout-kinds.ts`) registers it, so this block imports no feature and names no
 * feature table. A rail submission's owner is `(source_kind, source_id)`: the kind's name and the
 * feature's row.
 */
export interface PayoutKind {
  /** `rail_submissions.source_kind`. */
  kind: string;
  /** KETERANGAN of a sent payout (a catalog key, stored in Indonesian). */
  successKey: string;
  /** `${failureKeyPrefix}${reason}`: the rail's failure reason in words. */
  failureKeyPrefix: string;
  /** The audit action of the final state. */
  auditAction: string;
  /** The merchant's callback type of the final state. */
  callbackType: string;
  /**
   * The feature's own step in finalize's transaction (its row's status, when a page shows it).
   * Throwing rolls the whole finalize back; the sweep retries.
   */
  onFinal?: (trx: Transaction<Database>, row: SubmissionRow, final: FinalEvent) => Promise<void>;
  /**
   * The same step for several payouts of this kind with the same outcome, in one statement (a
   * finalize group, ADR 009). Without it a group runs `onFinal` once per payout.
   */
  onFinalMany?: (
    trx: Transaction<Database>,
    rows: readonly SubmissionRow[],
    final: FinalEvent,
  ) => Promise<void>;
}

export interface FinalEvent {
  outcome: PayoutOutcome;
  /** The final instant (finalize's clock). */
  at: Date;
}

const kinds = new Map<string, PayoutKind>();

/** Registers a payout kind (once; a second descriptor for the same name is a wiring bug). */
export function registerPayoutKind(descriptor: PayoutKind): void {
  const known = kinds.get(descriptor.kind);
  if (known && known !== descriptor)
    throw new Error(`payout kind ${descriptor.kind} registered twice`);
  kinds.set(descriptor.kind, descriptor);
}

export function payoutKind(kind: string): PayoutKind {
  const descriptor = kinds.get(kind);
  if (!descriptor)
    throw new Error(`unknown payout kind ${kind}: register it in modules/payout-kinds.ts`);
  return descriptor;
}

/** Every registered kind (the description-key test checks their catalog keys). */
export function registeredPayoutKinds(): PayoutKind[] {
  return [...kinds.values()];
}
