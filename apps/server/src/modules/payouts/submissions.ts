import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Services } from '../../http/services';
import type { PayoutRail, RailSubmissionsTable } from './tables';

export type SubmissionRow = Selectable<RailSubmissionsTable>;

/** Who owns a payout: its kind (`payouts/kinds.ts`) and the feature's row. */
export interface PayoutSource {
  kind: string;
  id: number;
}

/** How long a worker owns a row; at least four rail calls at their timeout. */
export const LEASE_MS = 60_000;
/**
 * States no worker claims: final ones, and APPROVAL (waiting for approval: only the approval gate
 * moves it, to SEND or, within finalize's transaction, to DONE).
 */
export const FINAL_STATES = ['DONE', 'REVIEW', 'APPROVAL'] as const;

export function newLeaseToken(): string {
  return randomUUID();
}

/** Where and how much a payout sends: what the rail needs, nothing of the feature's own. */
export interface PayoutDestination {
  rail: PayoutRail;
  /** Bank code, e-wallet product id or retailer code. */
  railCode: string;
  accountType: string;
  accountNumber: string;
  amount: number;
}

/** How long a repeat of a payment waits for the first request's rail step before answering. */
const REPLAY_WAIT_MS = 15_000;
const REPLAY_POLL_MS = 25;

/**
 * Waits (bounded) while a worker holds the lease on the source's rail submission: the request
 * that paid is still calling the rail, and its answer is the one every repeat must give.
 */
export async function awaitRailStep(services: Services, source: PayoutSource): Promise<void> {
  for (let waited = 0; waited < REPLAY_WAIT_MS; waited += REPLAY_POLL_MS) {
    const now = services.now();
    const leased = await services.db
      .selectFrom('rail_submissions')
      .select('id')
      .where('source_kind', '=', source.kind)
      .where('source_id', '=', source.id)
      .where('state', 'not in', FINAL_STATES)
      .where('claimed_until', '>', now)
      .executeTakeFirst();
    if (!leased) return;
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
  }
}

/** The rail's detail of a transaction's payout (a retail pickup's how-to-collect note). */
export async function submissionDetail(
  services: Services,
  transactionId: number,
): Promise<Record<string, unknown> | null> {
  const row = await services.db
    .selectFrom('rail_submissions')
    .select('detail')
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  return (row?.detail as Record<string, unknown> | null | undefined) ?? null;
}
