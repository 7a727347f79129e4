import type { Environment } from '@gerbang/shared';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { finalizeIn } from '../payouts/finalize';
import type { ApprovalEndCode } from '../payouts/kinds';
import { LEASE_MS, newLeaseToken } from '../payouts/submissions';
import type { NameChecksTable } from './tables';

type Trx = Transaction<Database>;
export type HoldRow = Selectable<NameChecksTable>;

/** A name-mismatch hold of one agent and environment, locked for the caller's transaction. */
export function lockHold(
  trx: Trx,
  submissionId: number,
  agentId: number,
  environment: Environment,
): Promise<HoldRow | undefined> {
  return trx
    .selectFrom('name_checks')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .forUpdate()
    .executeTakeFirst();
}

export interface HoldMark {
  status: 'RELEASED' | 'REJECTED' | 'EXPIRED';
  /** The person who decided; null when the expiry did. */
  decidedBy: number | null;
  reason: string | null;
}

/** Moves a hold from WAITING once; a second mover (never reached under the row lock) throws. */
export async function markHold(trx: Trx, hold: HoldRow, now: Date, mark: HoldMark) {
  const moved = await trx
    .updateTable('name_checks')
    .set({ status: mark.status, decided_by: mark.decidedBy, decided_at: now, reason: mark.reason })
    .where('submission_id', '=', hold.submission_id)
    .where('status', '=', 'WAITING')
    .returning('submission_id')
    .executeTakeFirst();
  if (!moved) throw new Error(`name check of ${hold.reference} is not waiting`);
}

const END_REASON: Record<'REJECTED' | 'EXPIRED', ApprovalEndCode> = {
  REJECTED: 'NAME_MISMATCH_REJECTED',
  EXPIRED: 'NAME_MISMATCH_EXPIRED',
};

/**
 * Ends a held payout (rejected or expired) in the caller's transaction, under the hold's row lock:
 * the hold moves from WAITING once, then finalize fails the payout and voids its ledger hold once,
 * so the money is back on the balance (a bulk row goes back to its group's funds and is refunded
 * with the group's other failed rows).
 */
export async function endHold(
  services: Services,
  trx: Trx,
  hold: HoldRow,
  now: Date,
  mark: HoldMark & { status: 'REJECTED' | 'EXPIRED' },
): Promise<void> {
  await markHold(trx, hold, now, mark);
  // Leased to this transaction only, so finalize's own checks hold; never visible as SEND.
  const row = await trx
    .updateTable('rail_submissions')
    .set({
      state: 'SEND',
      lease_token: newLeaseToken(),
      claimed_until: new Date(now.getTime() + LEASE_MS),
      updated_at: now,
    })
    .where('id', '=', hold.submission_id)
    .where('state', '=', 'APPROVAL')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error(`payout ${hold.reference} was not held`);
  await finalizeIn(services, trx, now, row, { ok: false, reason: END_REASON[mark.status] });
}
