import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { FinalEvent, PayoutKind } from '../payouts/kinds';
import type { SubmissionRow } from '../payouts/submissions';
import { REMITTANCE_PAYOUT } from '../remittance/payout-kind';

/** Records finalized payouts' outcomes on their occurrences: by run id, or by the run's reference. */
async function recordOutcomes(
  trx: Transaction<Database>,
  runs: { ids: number[] } | { references: string[] },
  final: FinalEvent,
) {
  const update = trx.updateTable('schedule_runs').set({
    status: final.outcome.ok ? 'SUCCESS' : 'FAILED',
    reason: final.outcome.ok ? null : final.outcome.reason,
    updated_at: final.at,
  });
  if ('ids' in runs) {
    if (runs.ids.length > 0) await update.where('id', 'in', runs.ids).execute();
  } else if (runs.references.length > 0) {
    await update.where('reference', 'in', runs.references).execute();
  }
}

/**
 * A scheduled withdrawal: `source_id` is its occurrence (`schedule_runs.id`). The money path, the
 * transaction row and the receipt words are a withdrawal's; finalize records the outcome on the
 * occurrence, which the scheduled payouts page shows as the last result.
 */
export const SCHEDULED_WITHDRAW_PAYOUT: PayoutKind = {
  kind: 'scheduled_withdraw',
  successKey: 'withdraw.paymentSuccess',
  failureKeyPrefix: 'withdraw.rail.',
  auditAction: 'scheduled_payout_final',
  callbackType: 'disbursement',
  onFinal: (trx, row, final) => SCHEDULED_WITHDRAW_PAYOUT.onFinalMany!(trx, [row], final),
  onFinalMany: (trx, rows: readonly SubmissionRow[], final: FinalEvent) =>
    recordOutcomes(trx, { ids: rows.map((row) => row.source_id) }, final),
};

/**
 * A scheduled remittance: `source_id` is the remittance inquiry its run wrote (receipts and status
 * pages read it like any remittance); the money path and words are a remittance's. Finalize
 * records the outcome on the occurrence, found by the run's reference.
 */
export const SCHEDULED_REMITTANCE_PAYOUT: PayoutKind = {
  ...REMITTANCE_PAYOUT,
  kind: 'scheduled_remittance',
  auditAction: 'scheduled_payout_final',
  onFinal: (trx, row, final) => SCHEDULED_REMITTANCE_PAYOUT.onFinalMany!(trx, [row], final),
  onFinalMany: (trx, rows: readonly SubmissionRow[], final: FinalEvent) =>
    recordOutcomes(trx, { references: rows.map((row) => row.reference) }, final),
};
