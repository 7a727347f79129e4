import type { FinalEvent, PayoutKind } from '../payouts/kinds';
import type { SubmissionRow } from '../payouts/submissions';

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
  async onFinalMany(trx, rows: readonly SubmissionRow[], final: FinalEvent) {
    if (rows.length === 0) return;
    await trx
      .updateTable('schedule_runs')
      .set({
        status: final.outcome.ok ? 'SUCCESS' : 'FAILED',
        reason: final.outcome.ok ? null : final.outcome.reason,
        updated_at: final.at,
      })
      .where(
        'id',
        'in',
        rows.map((row) => row.source_id),
      )
      .execute();
  },
};
