import { isTransferOk, type TransferInput } from '@gerbang/ledger';
import { translate } from '@gerbang/shared';
import { type Selectable, sql } from 'kysely';
import type { Services } from '../../http/services';
import {
  type FailureReason,
  type SendRejectionCode,
  type TransferStatus,
  UnknownRailReferenceError,
} from '../../rails';
import { ledgerFor } from './ledger';
import type { RailSubmissionsTable } from './tables';

/**
 * The rail half of a withdrawal, after the payment transaction committed the ledger hold, the
 * PROCESS transaction row and this submission row together:
 *
 *   SEND ──rail accepts──► POLL ──SUCCESS──► DONE (hold posted,  transaction SUCCESS, Debited)
 *     │                      └───FAILED───► DONE (hold voided,  transaction FAILED,  Refunded)
 *     └──rail refuses─────────────────────► DONE (hold voided,  transaction FAILED,  Refunded)
 *
 * A worker owns a row only while its lease (`claimed_until`) runs, taken with one conditional
 * UPDATE, so the request that created it, the periodic sweep and any number of processes never
 * work on one row at once. Final steps are guarded twice more: the transaction row moves from
 * PROCESS once (conditional UPDATE), and the ledger's post/void ids are idempotent. A crash at any
 * point leaves the row unfinished with an expiring lease, and the next sweep carries on.
 */

export type SubmissionRow = Selectable<RailSubmissionsTable>;

/** How long a worker owns a row; longer than any rail call's own timeout. */
export const LEASE_MS = 60_000;
/** Polling bounds while the rail says PROCESSING. */
const POLL_MIN_MS = 2_000;
const POLL_MAX_MS = 5 * 60_000;
/** Rows one sweep looks at; the next sweep takes the rest. */
const SWEEP_BATCH = 50;

export function postTransferId(pendingId: string): string {
  return `${pendingId}:post`;
}
export function voidTransferId(pendingId: string): string {
  return `${pendingId}:void`;
}

/** Takes the lease on a row that is not done and not owned by a live lease. */
export async function claimSubmission(
  services: Services,
  id: number,
): Promise<SubmissionRow | undefined> {
  const now = services.now();
  return services.db
    .updateTable('rail_submissions')
    .set({
      claimed_until: new Date(now.getTime() + LEASE_MS),
      attempts: sql`attempts + 1`,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('state', '<>', 'DONE')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

type Outcome = { ok: true } | { ok: false; reason: FailureReason | SendRejectionCode };

async function sendToRail(services: Services, row: SubmissionRow) {
  const now = services.now();
  switch (row.rail) {
    case 'BANK':
      return services.rails.bank.send({
        reference: row.reference,
        bankCode: row.rail_code,
        accountNumber: row.account_number,
        accountType: row.account_type === 'VA' ? 'VA' : 'NORMAL',
        amount: row.amount,
        now,
      });
    case 'EWALLET':
      return services.rails.ewallet.send({
        reference: row.reference,
        productId: row.rail_code,
        phoneNumber: row.account_number,
        amount: row.amount,
        now,
      });
    case 'RETAIL':
      return services.rails.retail.createPickup({
        reference: row.reference,
        retailerCode: row.rail_code,
        customerNumber: row.account_number,
        amount: row.amount,
        now,
      });
  }
}

function railStatus(services: Services, row: SubmissionRow): Promise<TransferStatus> {
  const request = { railReference: row.rail_reference ?? '', now: services.now() };
  switch (row.rail) {
    case 'BANK':
      return services.rails.bank.status(request);
    case 'EWALLET':
      return services.rails.ewallet.status(request);
    case 'RETAIL':
      return services.rails.retail.status(request);
  }
}

/**
 * Posts or voids the hold and ends the transaction, in one database transaction. Returns true when
 * this call moved the transaction out of PROCESS (false: someone already had).
 */
async function finalize(
  services: Services,
  row: SubmissionRow,
  outcome: Outcome,
): Promise<boolean> {
  const now = services.now();
  const ledger = ledgerFor(services);
  const pendingIds = row.pending_transfer_ids.split(',').filter(Boolean);
  return services.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('transactions')
      .set(
        outcome.ok
          ? {
              status_trx: 'SUCCESS',
              is_void: 'Debited',
              response_code: '00',
              keterangan: translate('id', 'withdraw.paymentSuccess'),
              time_completed: now,
              updated_at: now,
            }
          : {
              status_trx: 'FAILED',
              is_void: 'Refunded',
              response_code: outcome.reason,
              keterangan: translate('id', `withdraw.rail.${outcome.reason}`),
              time_completed: now,
              updated_at: now,
            },
      )
      .where('id', '=', row.transaction_id)
      .where('status_trx', '=', 'PROCESS')
      .returning('id')
      .executeTakeFirst();
    if (moved) {
      const inputs: TransferInput[] = pendingIds.map((pendingId, index) => ({
        id: outcome.ok ? postTransferId(pendingId) : voidTransferId(pendingId),
        pendingId,
        reference: row.reference,
        flags: {
          ...(outcome.ok ? { postPending: true } : { voidPending: true }),
          linked: index < pendingIds.length - 1,
        },
      }));
      const results = await ledger.createTransfers(inputs, { trx });
      const refused = results.filter((result) => !isTransferOk(result));
      if (refused.length > 0) {
        // Rolls the status change back too; the row stays for a person to look at.
        throw new Error(
          `ledger refused to ${outcome.ok ? 'post' : 'void'} ${row.reference}: ${refused.map((r) => r.result).join(', ')}`,
        );
      }
    }
    await trx
      .updateTable('rail_submissions')
      .set({ state: 'DONE', claimed_until: null, updated_at: now, last_error: null })
      .where('id', '=', row.id)
      .execute();
    return moved !== undefined;
  });
}

function clampPoll(now: Date, expected: Date): Date {
  const wait = Math.min(Math.max(expected.getTime() - now.getTime(), POLL_MIN_MS), POLL_MAX_MS);
  return new Date(now.getTime() + wait);
}

async function release(
  services: Services,
  row: SubmissionRow,
  set: Partial<{ next_check_at: Date; last_error: string | null }>,
) {
  await services.db
    .updateTable('rail_submissions')
    .set({ ...set, claimed_until: null, updated_at: services.now() })
    .where('id', '=', row.id)
    .execute();
}

/**
 * Moves one claimed row as far as the rail allows now: send if not sent, then read the status
 * and finish on a final answer. Never runs inside a database transaction (rail calls are slow).
 */
export async function advanceSubmission(services: Services, claimed: SubmissionRow): Promise<void> {
  let row = claimed;
  try {
    if (row.state === 'SEND') {
      const sent = await sendToRail(services, row);
      if (!sent.accepted) {
        await finalize(services, row, { ok: false, reason: sent.code });
        return;
      }
      const now = services.now();
      const detail =
        'pickupCode' in sent
          ? {
              pickupCode: sent.pickupCode,
              howToCollect: sent.howToCollect,
              expiresAt: sent.expiresAt,
            }
          : { expectedCompletionAt: sent.expectedCompletionAt };
      row = await services.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('transactions')
          .set({
            rail_reference: sent.railReference,
            ...('pickupCode' in sent
              ? { token_code: sent.pickupCode, note: sent.howToCollect.id }
              : {}),
            updated_at: now,
          })
          .where('id', '=', row.transaction_id)
          .execute();
        return trx
          .updateTable('rail_submissions')
          .set({
            state: 'POLL',
            rail_reference: sent.railReference,
            detail: JSON.stringify(detail),
            next_check_at: now,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    }

    const status = await railStatus(services, row);
    if (status.status === 'SUCCESS') {
      await finalize(services, row, { ok: true });
    } else if (status.status === 'FAILED') {
      await finalize(services, row, { ok: false, reason: status.reason });
    } else {
      const now = services.now();
      await services.db
        .updateTable('transactions')
        .set({ response_code: status.reason, updated_at: now })
        .where('id', '=', row.transaction_id)
        .where('status_trx', '=', 'PROCESS')
        .execute();
      await release(services, row, {
        next_check_at: clampPoll(now, status.expectedCompletionAt),
        last_error: null,
      });
    }
  } catch (error) {
    const now = services.now();
    // An unknown reference is our bug, not a failed transfer: keep the hold and look again later.
    const backoffMs =
      error instanceof UnknownRailReferenceError
        ? POLL_MAX_MS
        : Math.min(POLL_MIN_MS * 2 ** Math.min(row.attempts, 8), POLL_MAX_MS);
    services.log.error({ err: error, reference: row.reference }, 'rail submission step failed');
    await release(services, row, {
      next_check_at: new Date(now.getTime() + backoffMs),
      last_error: String(error).slice(0, 500),
    });
  }
}

export interface SweepReport {
  /** Rows this sweep claimed and worked on. */
  claimed: number;
  /** Rows that are DONE after the sweep among those claimed. */
  finished: number;
}

/**
 * The recovery sweep: every due row that nobody owns is claimed and advanced. Run at start and
 * every few seconds (jobs/rail-sweep.ts); safe from several processes at once.
 */
export async function runRailSweep(services: Services): Promise<SweepReport> {
  const now = services.now();
  const due = await services.db
    .selectFrom('rail_submissions')
    .select('id')
    .where('state', '<>', 'DONE')
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
export async function advanceIfDue(services: Services, transactionId: number): Promise<void> {
  const row = await services.db
    .selectFrom('rail_submissions')
    .select(['id', 'next_check_at', 'state'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (!row || row.state === 'DONE') return;
  if (new Date(row.next_check_at).getTime() > services.now().getTime()) return;
  const claimed = await claimSubmission(services, row.id);
  if (claimed) await advanceSubmission(services, claimed);
}
