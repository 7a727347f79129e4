import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { Services } from '../../http/services';
import { sendReleased } from './rail-work';

type Trx = Transaction<Database>;

/** One held payout's decision: its outcome and, when the money goes now, its submission. */
export interface HeldDecided<O extends string> {
  outcome: O;
  /** The rail submission released to SEND in the decision's transaction (sent after commit). */
  send?: number;
}

export interface HeldDecisionBatch<O extends string> {
  ids: number[];
  /**
   * The one transaction-PIN check for the whole batch (the caller's credential check), run before
   * any decision; it throws when the PIN is wrong.
   */
  confirm: () => Promise<void>;
  /** The decision of one id under its row lock, inside its own transaction. */
  decide: (trx: Trx, id: number, now: Date) => Promise<HeldDecided<O>>;
  /** The outcomes that count as done (the answer's `done`). */
  done: (outcome: O) => boolean;
  /** The outcome of an id whose decision the server refused with an ApiError (e.g. balance short). */
  refused?: O;
}

/**
 * Deciding on payouts held at a gate of the payout pipeline (an approval, a name mismatch): one
 * transaction-PIN entry for the whole batch, then each chosen id once (duplicates dropped), in its
 * own transaction, so one row's refusal never undoes another's decision and parallel decisions of
 * one payout queue on its row lock. Every id answers its own outcome. The submissions released
 * to SEND are called at the rail only after all the decisions committed.
 */
export async function decideHeldPayouts<O extends string>(
  services: Services,
  batch: HeldDecisionBatch<O>,
): Promise<{ results: { id: number; outcome: O }[]; done: number }> {
  await batch.confirm();
  const results: { id: number; outcome: O }[] = [];
  const toSend: number[] = [];
  for (const id of new Set(batch.ids)) {
    const decided = await decideOne(services, id, batch);
    if (decided.send !== undefined) toSend.push(decided.send);
    results.push({ id, outcome: decided.outcome });
  }
  await sendReleased(services, toSend);
  return { results, done: results.filter((r) => batch.done(r.outcome)).length };
}

async function decideOne<O extends string>(
  services: Services,
  id: number,
  batch: HeldDecisionBatch<O>,
): Promise<HeldDecided<O>> {
  try {
    return await services.db.transaction().execute((trx) => batch.decide(trx, id, services.now()));
  } catch (error) {
    if (batch.refused !== undefined && error instanceof ApiError) return { outcome: batch.refused };
    throw error;
  }
}
