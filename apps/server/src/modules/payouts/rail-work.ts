import { sql } from 'kysely';
import type { Services } from '../../http/services';
import {
  type AcceptedPickup,
  type AcceptedSend,
  type LookupResult,
  type RetailPickupResult,
  type SendResult,
  type TransferStatus,
  UnknownRailReferenceError,
} from '../../rails';
import { LeaseLostError, LedgerRefusedError, RailTimeoutError } from './errors';
import { finalize, type PayoutOutcome } from './finalize';
import { RAIL_ADAPTERS } from './rail-adapters';
import { FINAL_STATES, LEASE_MS, newLeaseToken, type SubmissionRow } from './submissions';

/**
 * The rail half of a payout (any feature's: `(source_kind, source_id)`), after the feature's
 * payment transaction committed the ledger hold, the PROCESS transaction row and this submission
 * row together:
 *
 *   SEND ──► CHECK ──send accepted, or lookup finds the earlier send──► POLL
 *              ├──send refused──► DONE (hold voided, FAILED / Refunded)
 *              └──timeout / error / crash: stays CHECK, and the next step looks up first
 *   POLL ──SUCCESS──► DONE (hold posted, SUCCESS / Debited)
 *     └───FAILED───► DONE (hold voided, FAILED / Refunded)
 *   unknown rail reference or ledger refusal, MAX_STUCK_FAILURES times ──► REVIEW (hold kept)
 *
 * A row moves to CHECK (with `sent_at`) before every send call, so a send whose answer never came
 * (timeout, dropped connection, crash) is looked up by our reference before anyone sends again, and
 * a rejection is only believed from a send whose earlier attempt the rail says it never got.
 *
 * A worker owns a row only while its lease runs: a claim sets `claimed_until` and a fresh
 * `lease_token` with one conditional UPDATE, and every later write of that worker is conditional
 * on its token, so a worker whose lease ran out (a slow rail, a pause) changes nothing once another
 * has claimed the row. Rail calls are bounded by `rails.callTimeoutMs`, well under the lease. Final
 * steps are guarded twice more: the transaction row moves from PROCESS once (conditional UPDATE),
 * and the ledger's post/void ids are idempotent. A crash at any point leaves the row unfinished
 * with an expiring lease, and the next sweep carries on.
 */

/** One step makes at most three rail calls (lookup, send, status); each waits at most this. */
const MAX_RAIL_CALL_MS = LEASE_MS / 4;
/** Polling bounds while the rail says PROCESSING. */
const POLL_MIN_MS = 2_000;
const POLL_MAX_MS = 5 * 60_000;
/** Rows one sweep looks at; the next sweep takes the rest. */
const SWEEP_BATCH = 50;
/** Unknown rail references or ledger refusals in a row before a person has to look (REVIEW). */
export const MAX_STUCK_FAILURES = 5;

/** Takes the lease on a row that is not final and not owned by a live lease. */
export async function claimSubmission(
  services: Services,
  id: number,
): Promise<SubmissionRow | undefined> {
  const now = services.now();
  return services.db
    .updateTable('rail_submissions')
    .set({
      claimed_until: new Date(now.getTime() + LEASE_MS),
      lease_token: newLeaseToken(),
      attempts: sql`attempts + 1`,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('state', 'not in', FINAL_STATES)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * `claimSubmission` for many rows in ONE statement: each row that is still free gets its own
 * fresh lease token (the same guard as a single claim, so every later write stays conditional on
 * it); rows another worker owns are left out of the answer.
 */
export async function claimSubmissions(
  services: Services,
  ids: readonly number[],
): Promise<SubmissionRow[]> {
  if (ids.length === 0) return [];
  const now = services.now();
  return services.db
    .updateTable('rail_submissions')
    .set({
      claimed_until: new Date(now.getTime() + LEASE_MS),
      lease_token: sql<string>`gen_random_uuid()::text`,
      attempts: sql`attempts + 1`,
      updated_at: now,
    })
    .where('id', 'in', [...ids])
    .where('state', 'not in', FINAL_STATES)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returningAll()
    .execute();
}

/** Races a rail call against the timeout; the late answer of a call that lost is ignored. */
async function callRail<T>(services: Services, call: string, run: () => Promise<T>): Promise<T> {
  const ms = Math.min(services.rails.callTimeoutMs, MAX_RAIL_CALL_MS);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RailTimeoutError(call, ms)), ms);
  });
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The instant of the latest send call, which its lookup repeats. */
function sentAtOf(row: SubmissionRow): Date {
  if (!row.sent_at) throw new Error(`rail submission ${row.reference} has no send instant`);
  return new Date(row.sent_at);
}

export function sendToRail(
  services: Services,
  row: SubmissionRow,
): Promise<SendResult | RetailPickupResult> {
  const adapter = RAIL_ADAPTERS[row.rail];
  const request = adapter.requestOf(row, sentAtOf(row));
  return callRail(services, 'send', () => adapter.send(services.rails, request));
}

/** Asks the rail, by our reference, for the transfer of the latest send whose answer never came. */
function lookupAtRail(
  services: Services,
  row: SubmissionRow,
): Promise<LookupResult<AcceptedSend | AcceptedPickup>> {
  const adapter = RAIL_ADAPTERS[row.rail];
  const original = adapter.requestOf(row, sentAtOf(row));
  const now = services.now();
  return callRail(services, 'lookup', () => adapter.lookup(services.rails, { original, now }));
}

function railStatus(services: Services, row: SubmissionRow): Promise<TransferStatus> {
  const request = { railReference: row.rail_reference ?? '', now: services.now() };
  return callRail(services, 'status', () =>
    RAIL_ADAPTERS[row.rail].status(services.rails, request),
  );
}

function clampPoll(now: Date, expected: Date): Date {
  const wait = Math.min(Math.max(expected.getTime() - now.getTime(), POLL_MIN_MS), POLL_MAX_MS);
  return new Date(now.getTime() + wait);
}

/** Updates this worker's row while it still holds the lease; undefined when it does not. */
function updateMine(
  services: Services,
  row: SubmissionRow,
  set: Partial<{
    state: SubmissionRow['state'];
    sent_at: Date;
    next_check_at: Date;
    last_error: string | null;
    failures: number;
    claimed_until: null;
    lease_token: null;
  }>,
): Promise<SubmissionRow | undefined> {
  return services.db
    .updateTable('rail_submissions')
    .set({ ...set, updated_at: services.now() })
    .where('id', '=', row.id)
    .where('lease_token', '=', row.lease_token)
    .returningAll()
    .executeTakeFirst();
}

/** Ends this worker's lease; a worker that already lost it changes nothing. */
async function release(
  services: Services,
  row: SubmissionRow,
  set: Partial<{ next_check_at: Date; last_error: string | null; failures: number }>,
): Promise<boolean> {
  const released = await updateMine(services, row, {
    ...set,
    claimed_until: null,
    lease_token: null,
  });
  return released !== undefined;
}

/** Written before every send call: from here on the rail may have the transfer. */
async function markSending(services: Services, row: SubmissionRow): Promise<SubmissionRow> {
  const marked = await updateMine(services, row, { state: 'CHECK', sent_at: services.now() });
  if (!marked) throw new LeaseLostError(row.reference);
  return marked;
}

/** Records the rail's reference (and a pickup's code) and moves the row to POLL. */
async function recordAccepted(
  services: Services,
  row: SubmissionRow,
  sent: AcceptedSend | AcceptedPickup,
): Promise<SubmissionRow> {
  const now = services.now();
  const detail =
    'pickupCode' in sent
      ? { pickupCode: sent.pickupCode, howToCollect: sent.howToCollect, expiresAt: sent.expiresAt }
      : { expectedCompletionAt: sent.expectedCompletionAt };
  // One statement: the submission moves to POLL (only while this worker's lease holds) and its
  // transaction row takes the rail's reference, both or neither.
  const polled = await services.db
    .with('polled', (db) =>
      db
        .updateTable('rail_submissions')
        .set({
          state: 'POLL',
          rail_reference: sent.railReference,
          detail: JSON.stringify(detail),
          next_check_at: now,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .where('lease_token', '=', row.lease_token)
        .returningAll(),
    )
    .with('referenced', (db) =>
      db
        .updateTable('transactions')
        .from('polled')
        .set({
          rail_reference: sent.railReference,
          ...('pickupCode' in sent
            ? { token_code: sent.pickupCode, note: sent.howToCollect.id }
            : {}),
          updated_at: now,
        })
        .whereRef('transactions.id', '=', 'polled.transaction_id')
        .returning('transactions.id'),
    )
    .selectFrom('polled')
    .selectAll()
    .executeTakeFirst();
  if (!polled) throw new LeaseLostError(row.reference);
  return polled;
}

/**
 * Where a step left the payout: finished by this step (`success` / `failed`), waiting at the rail
 * (`pending`), or not known here (another worker finished it, or the step failed and will retry).
 */
export type StepOutcome = 'success' | 'failed' | 'pending' | null;

/** How a step ends a payout: `finalize`, or a caller's group commit of it (finalize-group.ts). */
export type Finalizer = (row: SubmissionRow, outcome: PayoutOutcome) => Promise<boolean>;

/**
 * The two writes of a step around the send: mark the row CHECK before the send (from then on the
 * rail may have it), and record the accepted send (POLL, the rail's reference). Both throw
 * `LeaseLostError` when this worker no longer holds the row's lease. A caller may pass versions
 * that write a group of rows in one statement (the SNAP transfer's snap/rail-group.ts); each must
 * be written and committed before the step goes on, as these are.
 */
export interface RailWrites {
  markSending(row: SubmissionRow): Promise<SubmissionRow>;
  recordAccepted(row: SubmissionRow, sent: AcceptedSend | AcceptedPickup): Promise<SubmissionRow>;
}

/**
 * Moves one claimed row as far as the rail allows now: find or make the send, then read the status
 * and finish on a final answer. Never runs inside a database transaction (rail calls are slow).
 */
export async function advanceSubmission(
  services: Services,
  claimed: SubmissionRow,
  finalizer: Finalizer = (row, outcome) => finalize(services, row, outcome),
  writes: RailWrites = {
    markSending: (row) => markSending(services, row),
    recordAccepted: (row, sent) => recordAccepted(services, row, sent),
  },
): Promise<StepOutcome> {
  let row = claimed;
  // Waiting for approval: nothing goes to the rail until the approval gate releases it.
  if (row.state === 'APPROVAL') return 'pending';
  try {
    if (row.state === 'SEND' || row.state === 'CHECK') {
      let accepted: AcceptedSend | AcceptedPickup | null = null;
      if (row.state === 'CHECK') {
        // An earlier send may have reached the rail: never send again before it says it has none.
        const found = await lookupAtRail(services, row);
        if (found.found) accepted = found.sent;
      }
      if (!accepted) {
        row = await writes.markSending(row);
        const sent = await sendToRail(services, row);
        if (!sent.accepted) {
          const moved = await finalizer(row, { ok: false, reason: sent.code });
          return moved ? 'failed' : null;
        }
        accepted = sent;
      }
      row = await writes.recordAccepted(row, accepted);
    }
    return await pollStep(services, row, finalizer);
  } catch (error) {
    await handleStepError(services, row, error);
    return null;
  }
}

/**
 * The second half of a step, for a row the rail has accepted (POLL): read the status and finish
 * on a final answer, or release the row until the rail expects to be done. Throws on a rail or
 * lease error (the caller's `handleStepError`).
 */
async function pollStep(
  services: Services,
  row: SubmissionRow,
  finalizer: Finalizer,
): Promise<StepOutcome> {
  const status = await railStatus(services, row);
  if (status.status === 'SUCCESS') {
    return (await finalizer(row, { ok: true })) ? 'success' : null;
  }
  if (status.status === 'FAILED') {
    const moved = await finalizer(row, { ok: false, reason: status.reason });
    return moved ? 'failed' : null;
  }
  const now = services.now();
  const released = await release(services, row, {
    next_check_at: clampPoll(now, status.expectedCompletionAt),
    last_error: null,
    failures: 0,
  });
  if (!released) throw new LeaseLostError(row.reference);
  await services.db
    .updateTable('transactions')
    .set({ response_code: status.reason, updated_at: now })
    .where('id', '=', row.transaction_id)
    .where('status_trx', '=', 'PROCESS')
    .execute();
  return 'pending';
}

/** `pollStep` with the step's error handling: a row the rail accepted, taken on from here. */
export async function pollAccepted(
  services: Services,
  row: SubmissionRow,
  finalizer: Finalizer,
): Promise<StepOutcome> {
  try {
    return await pollStep(services, row, finalizer);
  } catch (error) {
    await handleStepError(services, row, error);
    return null;
  }
}

/** A send whose call failed (timeout, transport): the row stays CHECK and is looked up first. */
export async function sendFailed(services: Services, row: SubmissionRow, error: unknown) {
  await handleStepError(services, row, error);
}

/**
 * A step that threw. Timeouts and transport errors are retried with backoff (a send among them
 * stays CHECK: its outcome is unknown). An unknown rail reference or a ledger refusal is our bug,
 * not a failed transfer: the hold is kept, and after MAX_STUCK_FAILURES the row waits for a person.
 */
async function handleStepError(services: Services, row: SubmissionRow, error: unknown) {
  if (error instanceof LeaseLostError) {
    services.log.warn({ reference: row.reference }, error.message);
    return;
  }
  const now = services.now();
  const lastError = String(error).slice(0, 500);
  const stuck = error instanceof UnknownRailReferenceError || error instanceof LedgerRefusedError;
  const failures = stuck ? row.failures + 1 : row.failures;
  if (stuck && failures >= MAX_STUCK_FAILURES) {
    const parked = await updateMine(services, row, {
      state: 'REVIEW',
      failures,
      last_error: lastError,
      claimed_until: null,
      lease_token: null,
    });
    if (parked) {
      services.log.error(
        { err: error, reference: row.reference, transactionId: row.transaction_id, failures },
        'rail submission needs review: hold kept pending, no further automatic attempts',
      );
    }
    return;
  }
  const backoffMs = stuck
    ? POLL_MAX_MS
    : Math.min(POLL_MIN_MS * 2 ** Math.min(row.attempts, 8), POLL_MAX_MS);
  services.log.error({ err: error, reference: row.reference }, 'rail submission step failed');
  await release(services, row, {
    next_check_at: new Date(now.getTime() + backoffMs),
    last_error: lastError,
    failures,
  });
}

export interface SweepReport {
  /** Rows this sweep claimed and worked on. */
  claimed: number;
  /** Rows that are DONE after the sweep among those claimed. */
  finished: number;
}

/**
 * The recovery sweep: every due row that nobody owns is claimed and advanced. Run at start and
 * every few seconds (the `payouts` job of jobs/loop.ts); safe from several processes at once.
 */
export async function runRailSweep(services: Services): Promise<SweepReport> {
  const now = services.now();
  const due = await services.db
    .selectFrom('rail_submissions')
    .select('id')
    .where('state', 'not in', FINAL_STATES)
    .where('next_check_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_check_at')
    .limit(SWEEP_BATCH)
    .execute();
  let claimed = 0;
  let finished = 0;
  for (const { id } of due) {
    const row = await claimSubmission(services, id);
    if (!row) continue;
    claimed += 1;
    await advanceSubmission(services, row);
    const after = await services.db
      .selectFrom('rail_submissions')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirst();
    if (after?.state === 'DONE') finished += 1;
  }
  return { claimed, finished };
}

/** The status call's nudge: advance this transaction's row now if it is due and free. */
/**
 * Calls the rail now for payouts released after their commit (an approval, a name-mismatch
 * release), as for a payout made without a gate; the sweep picks up any this call does not finish.
 */
export async function sendReleased(services: Services, submissionIds: number[]): Promise<void> {
  for (const submissionId of submissionIds) {
    const claimed = await claimSubmission(services, submissionId);
    if (claimed) await advanceSubmission(services, claimed);
  }
}

export async function advanceIfDue(services: Services, transactionId: number): Promise<void> {
  const row = await services.db
    .selectFrom('rail_submissions')
    .select(['id', 'next_check_at', 'state'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (!row || row.state === 'DONE' || row.state === 'REVIEW') return;
  if (new Date(row.next_check_at).getTime() > services.now().getTime()) return;
  const claimed = await claimSubmission(services, row.id);
  if (claimed) await advanceSubmission(services, claimed);
}

/** The jobs loop's entry (jobs/rail-sweep.ts): one sweep. */
export function runOnce(services: Services): Promise<SweepReport> {
  return runRailSweep(services);
}
