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
  /**
   * The saved beneficiary the payout was made for and the name saved with it: the
   * name-check gate holds the payout when `record.accountName` (the inquiry's answer) differs.
   */
  beneficiary?: { id: number; savedName: string } | null;
}

/**
 * The gates of the payout pipeline (ADR 012, ADR 016). `openPayouts` asks them, in the
 * order they were registered, which openings must wait: the FIRST gate that plans to hold an
 * opening holds it (its plan is recorded, the others are not asked). A held payout is written like
 * any other (hold, PROCESS row, audit) but its rail submission is APPROVAL — "held at a gate",
 * which no worker claims — until its gate releases it: `continueAfterGate` then asks the gates
 * after it (a name mismatch overridden still needs its approval), and only when none holds does
 * the submission go to SEND. Ending a held payout is finalize with a failure (the hold voided).
 * Gates are registered at the composition root (modules/payout-kinds.ts), so this block imports no
 * feature; without any nothing waits.
 */
export interface OpeningGate {
  /** Stable name: a held payout's release names the gate it passes. */
  name: string;
  /** Per opening (same order): what it waits for, or null when this gate lets it pass. */
  plan(
    trx: Transaction<Database>,
    actor: Actor,
    now: Date,
    openings: readonly GateOpening[],
  ): Promise<(unknown | null)[]>;
  /** Records the openings this gate holds once their submissions exist (same transaction). */
  record(
    trx: Transaction<Database>,
    now: Date,
    plans: readonly (unknown | null)[],
    openings: readonly GateOpening[],
    submissions: readonly SubmissionRow[],
  ): Promise<void>;
}

/** One opening's gate plan: which gate holds it and what that gate recorded. */
export interface GatePlan {
  gate: number;
  plan: unknown;
}

const gates: OpeningGate[] = [];

export function registerOpeningGate(registered: OpeningGate): void {
  if (gates.includes(registered)) return;
  if (gates.some((gate) => gate.name === registered.name)) {
    throw new Error(`payout opening gate ${registered.name} registered twice`);
  }
  gates.push(registered);
}

/** Which openings wait, and at which gate; none when no gate holds them. */
export async function planGate(
  trx: Transaction<Database>,
  actor: Actor,
  now: Date,
  openings: readonly GateOpening[],
  after = -1,
): Promise<(GatePlan | null)[]> {
  const plans: (GatePlan | null)[] = openings.map(() => null);
  for (let index = after + 1; index < gates.length; index++) {
    const open = openings.flatMap((opening, i) => (plans[i] ? [] : [{ opening, i }]));
    if (open.length === 0) break;
    const planned = await (gates[index] as OpeningGate).plan(
      trx,
      actor,
      now,
      open.map((o) => o.opening),
    );
    open.forEach(({ i }, k) => {
      const plan = planned[k];
      if (plan != null) plans[i] = { gate: index, plan };
    });
  }
  return plans;
}

export async function recordGate(
  trx: Transaction<Database>,
  now: Date,
  plans: readonly (GatePlan | null)[],
  openings: readonly GateOpening[],
  submissions: readonly SubmissionRow[],
): Promise<void> {
  for (const [index, gate] of gates.entries()) {
    const mine = plans.map((p) => (p && p.gate === index ? p.plan : null));
    if (mine.every((plan) => plan === null)) continue;
    await gate.record(trx, now, mine, openings, submissions);
  }
}

/**
 * A gate released a held payout (its own row says so, under its lock, in `trx`): the gates after
 * it are asked as at opening. `held` when a later gate now holds it (the submission stays
 * APPROVAL); `send` when none does — the submission went APPROVAL → SEND and the caller advances
 * it after the commit (the sweep does when it does not).
 */
export async function continueAfterGate(
  trx: Transaction<Database>,
  actor: Actor,
  now: Date,
  gateName: string,
  opening: GateOpening,
  submission: SubmissionRow,
): Promise<'held' | 'send'> {
  const index = gates.findIndex((gate) => gate.name === gateName);
  if (index < 0) throw new Error(`payout gate ${gateName} is not registered`);
  const plans = await planGate(trx, actor, now, [opening], index);
  if (plans[0]) {
    await recordGate(trx, now, plans, [opening], [submission]);
    return 'held';
  }
  const moved = await trx
    .updateTable('rail_submissions')
    .set({ state: 'SEND', next_check_at: now, updated_at: now })
    .where('id', '=', submission.id)
    .where('state', '=', 'APPROVAL')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw new Error(`payout ${opening.reference} was not held at a gate`);
  return 'send';
}
