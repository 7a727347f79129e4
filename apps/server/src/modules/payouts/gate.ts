import type { Environment } from '@gerbang/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { SubmissionRow } from './submissions';

/** What the gate reads of a payout opening (`open.ts PayoutOpening` has these and more). */
export interface GateOpening {
  source: { kind: string; id: number };
  payer: { agentId: number; environment: Environment };
  userId: number | null;
  reference: string;
  destination: { accountNumber: string };
  record: {
    amount: number;
    fee: number;
    productName: string;
    bankName?: string;
    accountName: string;
  };
  approval?: 'policy' | 'none';
}

/**
 * The approval gate of the payout pipeline (issue 24, ADR 012). `openPayouts` asks it which of the
 * openings must wait for approval; those are written like any other payout (hold, PROCESS row,
 * audit) but their rail submission is APPROVAL, which no worker claims, until the gate releases it
 * (state SEND) or ends it (finalize with a failure, which voids the hold). The gate is registered
 * at the composition root (modules/payout-kinds.ts), so this block imports no feature; without one
 * nothing waits.
 */
export interface OpeningGate {
  /** Per opening (same order): what it waits for, or null when it goes to the rail at once. */
  plan(
    trx: Transaction<Database>,
    actor: Actor,
    now: Date,
    openings: readonly GateOpening[],
  ): Promise<(unknown | null)[]>;
  /** Records the waiting openings once their submissions exist (same transaction). */
  record(
    trx: Transaction<Database>,
    now: Date,
    plans: readonly (unknown | null)[],
    openings: readonly GateOpening[],
    submissions: readonly SubmissionRow[],
  ): Promise<void>;
}

let gate: OpeningGate | null = null;

export function registerOpeningGate(registered: OpeningGate): void {
  if (gate && gate !== registered) throw new Error('payout opening gate registered twice');
  gate = registered;
}

/** Which openings wait; none when no gate is registered or the opening skips it. */
export async function planGate(
  trx: Transaction<Database>,
  actor: Actor,
  now: Date,
  openings: readonly GateOpening[],
): Promise<(unknown | null)[]> {
  if (!gate) return openings.map(() => null);
  return gate.plan(trx, actor, now, openings);
}

export async function recordGate(
  trx: Transaction<Database>,
  now: Date,
  plans: readonly (unknown | null)[],
  openings: readonly GateOpening[],
  submissions: readonly SubmissionRow[],
): Promise<void> {
  if (!gate || plans.every((plan) => plan === null)) return;
  await gate.record(trx, now, plans, openings, submissions);
}
