import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { PartnerActor } from '../../platform/actor';
import { GroupCommit, type Settled } from '../../platform/group-commit';
import { perOwner } from '../../platform/per-owner';
import type { PayoutAccounts } from '../payouts/accounts';
import { openPayoutGroupHoldingLast } from '../payouts/open';
import type { SubmissionRow } from '../payouts/submissions';
import { type WithdrawalPlan, withdrawalOpenings } from '../withdraw/place';
import { SnapError } from './codes';
import type { SnapTransfersTable } from './tables';

/**
 * The booking of interbank transfers as a group commit (ADR 009): the transfers of ONE partner
 * (agent and environment) that arrive while its previous group is being written share one
 * database transaction — one insert of their `snap_transfers` rows, one insert per payout table,
 * one ledger call that locks the merchant's account once for all of them, one commit.
 *
 * Each call keeps its own answer. A partnerReferenceNo already taken (stored, or earlier in the
 * same group) is that call's `duplicate`. A hold the ledger refuses (short balance) is that call's
 * `insufficientFunds`: the group's transaction rolls back and the others are booked again without
 * it, so a refused call leaves no row and the others' rows are written once. Any other failure
 * rolls the group back and every call runs alone (platform/group-commit.ts).
 */

export interface BookingItem {
  actor: PartnerActor;
  /** The transfer without its `snap_transfers` id, which the group's insert gives. */
  plan: (transferId: number) => WithdrawalPlan;
  /** The snap_transfers row, without what the database fills (id, status, times). */
  row: Omit<SnapTransfersTable, 'id' | 'status' | 'created_at' | 'completed_at'>;
}

export type Booked = { kind: 'booked'; submission: SubmissionRow } | { kind: 'duplicate' };

const groups = perOwner(
  (services: Services) =>
    new GroupCommit<BookingItem, Booked>((key, items) => bookGroup(services, key, items)),
);

/**
 * The payout accounts of each partner and rail, once a booking that used them committed: an
 * account's id never changes and accounts are never deleted, so the next groups skip the read.
 * Filled only after the commit, so an id is never taken from a rolled-back first use.
 */
const knownAccounts = perOwner(
  (_services: Services) => new Map<string, Map<string, PayoutAccounts>>(),
);

function accountsOf(services: Services, payerKey: string): Map<string, PayoutAccounts> {
  return new Map(knownAccounts(services).get(payerKey));
}

function remember(services: Services, payerKey: string, byRail: Map<string, PayoutAccounts>) {
  knownAccounts(services).set(payerKey, byRail);
}

/** Books one transfer, in a group with the same partner's concurrent transfers. */
export function bookInGroup(services: Services, item: BookingItem): Promise<Booked> {
  return groups(services).submit(`${item.row.agent_id}:${item.row.environment}`, item);
}

/** The booking groups of these services so far (tests read it). */
export function bookingGroupStats(services: Services) {
  return groups.peek(services)?.stats ?? null;
}

/** Thrown inside the group's transaction to roll it back: these items' holds were refused. */
class HoldsRefused extends Error {
  constructor(readonly refused: { index: number; short: boolean }[]) {
    super('holds refused');
  }
}

async function bookGroup(
  services: Services,
  payerKey: string,
  items: readonly BookingItem[],
): Promise<Settled<Booked>[]> {
  const answers = new Map<number, Settled<Booked>>();
  let live = items.map((_, index) => index);
  // Bounded: every round either answers all live items or removes at least one refused item.
  while (live.length > 0) {
    const tried = live;
    const byRail = accountsOf(services, payerKey);
    try {
      const booked = await services.db.transaction().execute((trx) =>
        bookOnce(
          services,
          trx,
          tried.map((i) => items[i] as BookingItem),
          byRail,
        ),
      );
      remember(services, payerKey, byRail);
      booked.forEach((answer, j) => {
        answers.set(tried[j] as number, { ok: true, value: answer });
      });
      live = [];
    } catch (error) {
      if (!(error instanceof HoldsRefused)) throw error;
      for (const { index, short } of error.refused) {
        const item = tried[index] as number;
        answers.set(item, {
          ok: false,
          error: short
            ? new SnapError('insufficientFunds')
            : new Error(`ledger refused the hold of ${items[item]?.row.id_transaksi}`),
        });
      }
      live = tried.filter((item) => !answers.has(item));
    }
  }
  return items.map((_, index) => answers.get(index) as Settled<Booked>);
}

/**
 * One attempt: the `snap_transfers` rows (a taken reference inserts nothing), then the payouts,
 * hold last. Throws HoldsRefused (indices into `items`) when the ledger refused any hold.
 */
async function bookOnce(
  services: Services,
  trx: Transaction<Database>,
  items: readonly BookingItem[],
  byRail: Map<string, PayoutAccounts>,
): Promise<Booked[]> {
  const now = services.now();
  const inserted = await trx
    .insertInto('snap_transfers')
    .values(items.map((item) => ({ ...item.row, created_at: now })))
    .onConflict((oc) => oc.columns(['agent_id', 'environment', 'partner_reference_no']).doNothing())
    .returning(['id', 'partner_reference_no'])
    .execute();
  const idOf = new Map(inserted.map((row) => [row.partner_reference_no, Number(row.id)]));
  // The first item of a reference owns the row; a second one in the same group is a duplicate.
  const owners: { item: number; transferId: number }[] = [];
  items.forEach((item, index) => {
    const transferId = idOf.get(item.row.partner_reference_no);
    if (transferId === undefined) return;
    idOf.delete(item.row.partner_reference_no);
    owners.push({ item: index, transferId });
  });
  const answers: Booked[] = items.map(() => ({ kind: 'duplicate' }));
  if (owners.length === 0) return answers;
  const openings = await withdrawalOpenings(
    services,
    trx,
    owners.map(({ item, transferId }) => (items[item] as BookingItem).plan(transferId)),
    byRail,
  );
  const opened = await openPayoutGroupHoldingLast(
    services,
    trx,
    now,
    owners.map(({ item }, j) => ({
      actor: (items[item] as BookingItem).actor,
      opening: openings[j] as (typeof openings)[number],
    })),
  );
  if (!opened.ok) {
    throw new HoldsRefused(
      opened.refused.map(({ index, short }) => ({
        index: (owners[index] as { item: number }).item,
        short,
      })),
    );
  }
  const byReference = new Map(opened.submissions.map((s) => [s.reference, s]));
  for (const { item } of owners) {
    const submission = byReference.get((items[item] as BookingItem).row.id_transaksi);
    if (!submission) throw new Error('rail submission of a booked transfer missing');
    answers[item] = { kind: 'booked', submission };
  }
  return answers;
}
