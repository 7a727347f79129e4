import { isTransferOk } from '@gerbang/ledger';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { auditRow } from '../../platform/audit/audit';
import { GroupCommit, type Settled } from '../../platform/group-commit';
import { perOwner } from '../../platform/per-owner';
import { callbackRow } from '../callbacks/queue';
import { LeaseLostError, LedgerRefusedError } from './errors';
import {
  finalize,
  finalRecords,
  MOVED_COLUMNS,
  type MovedTransaction,
  settledColumns,
} from './finalize';
import { resolutionTransfers } from './hold';
import { type PayoutOutcome, payoutKind } from './kinds';
import { FINAL_STATES, type SubmissionRow } from './submissions';

/**
 * Finalize as a group commit (ADR 009): the final steps of several payouts of ONE payer, the same
 * steps as `finalize` (close the submissions, move the transaction rows, the kinds' own step, the
 * audit and callback rows, then the post or void of every hold, last) with one statement per
 * step for the whole group and ONE ledger call — the payer's account is locked once for all of
 * them. Each payout is answered on its own: a submission whose lease another worker took is that
 * payout's LeaseLostError (its rows are untouched), a transaction someone already moved is that
 * payout's `false`. A ledger refusal throws, the group's transaction rolls back and each payout
 * runs alone through `finalize`, so only the refused one sees the error.
 */

export interface FinalizeItem {
  row: SubmissionRow;
  outcome: PayoutOutcome;
}

const groups = perOwner(
  (services: Services) =>
    new GroupCommit<FinalizeItem, boolean>((_key, items) => runGroup(services, items)),
);

/**
 * `finalize` for a caller that answers a partner and may run beside others of the same payer:
 * `payerKey` names the payer (e.g. `<agent>:<environment>`); calls of one key share a group.
 */
export function finalizeInGroup(
  services: Services,
  payerKey: string,
  row: SubmissionRow,
  outcome: PayoutOutcome,
): Promise<boolean> {
  return groups(services).submit(payerKey, { row, outcome });
}

/** The finalize groups of these services so far (tests read it). */
export function finalizeGroupStats(services: Services) {
  return groups.peek(services)?.stats ?? null;
}

async function runGroup(
  services: Services,
  items: readonly FinalizeItem[],
): Promise<Settled<boolean>[]> {
  // Alone: exactly the one-payout path (its errors are the caller's).
  if (items.length === 1) {
    const [item] = items as [FinalizeItem];
    return [{ ok: true, value: await finalize(services, item.row, item.outcome) }];
  }
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const closed = await closeSubmissions(trx, now, items);
    const moved = await settleTransactions(trx, now, items, closed);
    const final = items.filter((item) => moved.has(item.row.transaction_id));
    await runOnFinal(trx, now, final);
    await recordFinals(trx, now, final, moved);
    await resolveHolds(services, trx, final);
    return items.map((item): Settled<boolean> => {
      if (!closed.has(item.row.id)) {
        return { ok: false, error: new LeaseLostError(item.row.reference) };
      }
      return { ok: true, value: moved.has(item.row.transaction_id) };
    });
  });
}

/** The submissions still leased to their callers, closed in one statement; their ids. */
async function closeSubmissions(
  trx: Transaction<Database>,
  now: Date,
  items: readonly FinalizeItem[],
): Promise<Set<number>> {
  const closed = await trx
    .updateTable('rail_submissions')
    .set({
      state: 'DONE',
      claimed_until: null,
      lease_token: null,
      updated_at: now,
      last_error: null,
    })
    .where((eb) =>
      eb.or(
        items.map(({ row }) =>
          eb.and([eb('id', '=', row.id), eb('lease_token', '=', row.lease_token)]),
        ),
      ),
    )
    .where('state', 'not in', FINAL_STATES)
    .returning('id')
    .execute();
  return new Set(closed.map((row) => Number(row.id)));
}

const outcomeKey = (outcome: PayoutOutcome) => (outcome.ok ? 'ok' : outcome.reason);

/** The PROCESS rows moved to their final state: one statement per outcome (usually one). */
async function settleTransactions(
  trx: Transaction<Database>,
  now: Date,
  items: readonly FinalizeItem[],
  closed: ReadonlySet<number>,
): Promise<Map<number, MovedTransaction>> {
  const moved = new Map<number, MovedTransaction>();
  for (const same of groupBy(
    items.filter((item) => closed.has(item.row.id)),
    (item) => `${item.row.source_kind}|${outcomeKey(item.outcome)}`,
  )) {
    const first = same[0] as FinalizeItem;
    const rows = await trx
      .updateTable('transactions')
      .set(settledColumns(first.row, first.outcome, now))
      .where(
        'id',
        'in',
        same.map((item) => item.row.transaction_id),
      )
      .where('status_trx', '=', 'PROCESS')
      .returning(MOVED_COLUMNS)
      .execute();
    for (const row of rows) moved.set(Number(row.id), row);
  }
  return moved;
}

/** Each kind's own step, once per kind and outcome when the kind has `onFinalMany`. */
async function runOnFinal(trx: Transaction<Database>, now: Date, final: readonly FinalizeItem[]) {
  for (const same of groupBy(
    final,
    (item) => `${item.row.source_kind}|${outcomeKey(item.outcome)}`,
  )) {
    const first = same[0] as FinalizeItem;
    const kind = payoutKind(first.row.source_kind);
    const event = { outcome: first.outcome, at: now };
    if (kind.onFinalMany) {
      await kind.onFinalMany(
        trx,
        same.map((item) => item.row),
        event,
      );
    } else {
      for (const item of same) await kind.onFinal?.(trx, item.row, event);
    }
  }
}

async function recordFinals(
  trx: Transaction<Database>,
  now: Date,
  final: readonly FinalizeItem[],
  moved: ReadonlyMap<number, MovedTransaction>,
) {
  if (final.length === 0) return;
  const records = final.map((item) =>
    finalRecords(
      now,
      item.row,
      item.outcome,
      moved.get(item.row.transaction_id) as MovedTransaction,
    ),
  );
  // One statement: the audit rows (a data-modifying CTE) and the callback rows.
  await trx
    .with('audited', (db) =>
      db
        .insertInto('audit_log')
        .values(records.map((r) => auditRow(r.audit)))
        .returning('id'),
    )
    .insertInto('callbacks')
    .values(records.map((r) => callbackRow(now, r.callback)))
    .execute();
}

/** Every hold posted or voided in ONE ledger call, last (no savepoint: any failure rolls back). */
async function resolveHolds(
  services: Services,
  trx: Transaction<Database>,
  final: readonly FinalizeItem[],
) {
  if (final.length === 0) return;
  const transfers = final.flatMap((item) =>
    resolutionTransfers(
      item.row.pending_transfer_ids.split(',').filter(Boolean),
      item.row.reference,
      item.outcome.ok,
    ),
  );
  const results = await services.ledger.createTransfers(transfers, { trx, savepoint: false });
  const refused = results.filter((result) => !isTransferOk(result));
  if (refused.length > 0) {
    throw new LedgerRefusedError(
      `ledger refused a finalize group: ${refused.map((r) => r.result).join(', ')}`,
    );
  }
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const byKey = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  return [...byKey.values()];
}
