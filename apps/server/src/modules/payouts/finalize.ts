import { isTransferOk } from '@gerbang/ledger';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { type AuditEntry, writeAudit } from '../../platform/audit/audit';
import { type CallbackInput, queueCallback } from '../callbacks/queue';
import { describedColumns } from '../transactions/descriptions';
import { LeaseLostError, LedgerRefusedError } from './errors';
import { resolutionTransfers } from './hold';
import { type PayoutOutcome, payoutKind } from './kinds';
import { FINAL_STATES, type SubmissionRow } from './submissions';

export type { PayoutOutcome } from './kinds';

/**
 * Ends a payout, all or nothing, in ONE database transaction:
 *
 *   close the submission (only while this worker's lease holds)
 *   → move the `transactions` row out of PROCESS (SUCCESS / Debited or FAILED / Refunded)
 *   → the kind's own step (`onFinal`)
 *   → write the audit row
 *   → queue the merchant's callback row (delivered later by the callbacks sender)
 *   → post or void the whole pending chain in the ledger, last: the accounts it locks stay
 *     locked only until the commit that follows.
 *
 * A failure anywhere rolls every step back; the submission stays leased to this worker until its
 * lease runs out and the sweep retries. The transaction row moves from PROCESS once (conditional
 * UPDATE) and the post/void ids are idempotent, so a finalize that finds the row already moved
 * writes nothing more. Returns true when this call moved it.
 */
export async function finalize(
  services: Services,
  row: SubmissionRow,
  outcome: PayoutOutcome,
): Promise<boolean> {
  const now = services.now();
  return services.db.transaction().execute((trx) => finalizeIn(services, trx, now, row, outcome));
}

/**
 * The same phases inside the caller's transaction: the approval gate ends a payout it rejects or
 * lets expire together with its own rows (modules/approvals), so the release happens exactly once.
 */
export async function finalizeIn(
  services: Pick<Services, 'ledger'>,
  trx: Transaction<Database>,
  now: Date,
  row: SubmissionRow,
  outcome: PayoutOutcome,
): Promise<boolean> {
  await closeSubmission(trx, now, row);
  const moved = await settleTransaction(trx, now, row, outcome);
  if (!moved) return false;
  await runOnFinal(trx, now, row, outcome);
  await recordFinal(trx, now, row, outcome, moved);
  // Last, so the merchant's account is locked for the ledger's lock, write and the commit only.
  await resolveHold(services, trx, row, outcome);
  return true;
}

/** The feature's own step (its row's status), in the same transaction. */
async function runOnFinal(
  trx: Transaction<Database>,
  now: Date,
  row: SubmissionRow,
  outcome: PayoutOutcome,
) {
  await payoutKind(row.source_kind).onFinal?.(trx, row, { outcome, at: now });
}

async function closeSubmission(trx: Transaction<Database>, now: Date, row: SubmissionRow) {
  const closed = await trx
    .updateTable('rail_submissions')
    .set({
      state: 'DONE',
      claimed_until: null,
      lease_token: null,
      updated_at: now,
      last_error: null,
    })
    .where('id', '=', row.id)
    .where('lease_token', '=', row.lease_token)
    .where('state', 'not in', FINAL_STATES)
    .returning('id')
    .executeTakeFirst();
  if (!closed) throw new LeaseLostError(row.reference);
}

/** The `transactions` columns of a payout's final state. */
export function settledColumns(row: SubmissionRow, outcome: PayoutOutcome, now: Date) {
  const source = payoutKind(row.source_kind);
  return outcome.ok
    ? {
        status_trx: 'SUCCESS' as const,
        is_void: 'Debited' as const,
        response_code: '00',
        ...describedColumns(source.successKey),
        time_completed: now,
        updated_at: now,
      }
    : {
        status_trx: 'FAILED' as const,
        is_void: 'Refunded' as const,
        response_code: outcome.reason,
        ...describedColumns(`${source.failureKeyPrefix}${outcome.reason}`),
        time_completed: now,
        updated_at: now,
      };
}

/** What finalize reads back from the transaction row it moves. */
export const MOVED_COLUMNS = [
  'id',
  'agent_id',
  'environment',
  'user_id',
  'id_transaksi',
  'time_request',
  'nominal_origin',
  'nominal_admin',
  'rail_reference',
] as const;

/** Moves the transaction out of PROCESS; undefined when someone already had. */
async function settleTransaction(
  trx: Transaction<Database>,
  now: Date,
  row: SubmissionRow,
  outcome: PayoutOutcome,
) {
  return trx
    .updateTable('transactions')
    .set(settledColumns(row, outcome, now))
    .where('id', '=', row.transaction_id)
    .where('status_trx', '=', 'PROCESS')
    .returning(MOVED_COLUMNS)
    .executeTakeFirst();
}

export type MovedTransaction = NonNullable<Awaited<ReturnType<typeof settleTransaction>>>;

async function resolveHold(
  services: Pick<Services, 'ledger'>,
  trx: Transaction<Database>,
  row: SubmissionRow,
  outcome: PayoutOutcome,
) {
  const pendingIds = row.pending_transfer_ids.split(',').filter(Boolean);
  const transfers = resolutionTransfers(pendingIds, row.reference, outcome.ok);
  // No ledger savepoint: any failure rolls the whole finalize back, and the sweep retries it.
  const results = await services.ledger.createTransfers(transfers, { trx, savepoint: false });
  const refused = results.filter((result) => !isTransferOk(result));
  if (refused.length > 0) {
    // Rolls the status change back too; the row is retried, then left for a person (REVIEW).
    throw new LedgerRefusedError(
      `ledger refused to ${outcome.ok ? 'post' : 'void'} ${row.reference}: ${refused.map((r) => r.result).join(', ')}`,
    );
  }
}

/** The audit row and the merchant's callback row of the final state. */
async function recordFinal(
  trx: Transaction<Database>,
  now: Date,
  row: SubmissionRow,
  outcome: PayoutOutcome,
  trxRow: MovedTransaction,
) {
  const records = finalRecords(now, row, outcome, trxRow);
  await writeAudit(trx, records.audit);
  await queueCallback(trx, now, records.callback);
}

/** The audit entry and the callback of one payout's final state (pure). */
export function finalRecords(
  now: Date,
  row: SubmissionRow,
  outcome: PayoutOutcome,
  trxRow: MovedTransaction,
): { audit: AuditEntry; callback: CallbackInput } {
  const source = payoutKind(row.source_kind);
  const status = outcome.ok ? 'SUCCESS' : 'FAILED';
  const reason = outcome.ok ? null : outcome.reason;
  return {
    audit: {
      agentId: trxRow.agent_id,
      userId: trxRow.user_id,
      username: null,
      action: source.auditAction,
      target: trxRow.id_transaksi,
      detail: {
        source_kind: row.source_kind,
        source_id: row.source_id,
        status,
        reason,
        amount: trxRow.nominal_origin,
        fee: trxRow.nominal_admin,
        rail_reference: trxRow.rail_reference,
      },
      environment: trxRow.environment,
      at: now,
    },
    callback: {
      agentId: trxRow.agent_id,
      environment: trxRow.environment,
      idTransaksi: trxRow.id_transaksi,
      type: source.callbackType,
      timeRequest: new Date(trxRow.time_request),
      body: {
        id_transaksi: trxRow.id_transaksi,
        status_trx: status,
        response_code: outcome.ok ? '00' : outcome.reason,
        nominal: trxRow.nominal_origin,
        nominal_admin: trxRow.nominal_admin,
        rail_reference: trxRow.rail_reference,
        time_completed: now.toISOString(),
      },
    },
  };
}
