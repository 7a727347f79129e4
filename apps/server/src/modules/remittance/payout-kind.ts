import type { FinalEvent, PayoutKind } from '../payouts/kinds';
import type { SubmissionRow } from '../payouts/submissions';

/**
 * An international remittance; `source_id` is the remittance inquiry. Its hold is the IDR leg into
 * the FX account plus the currency leg out of it (ADR 006).
 */
export const REMITTANCE_PAYOUT: PayoutKind = {
  kind: 'remittance',
  successKey: 'remittance.paymentSuccess',
  failureKeyPrefix: 'remittance.rail.',
  auditAction: 'remittance_final',
  callbackType: 'remittance',
  onFinal: (trx, row, final) => REMITTANCE_PAYOUT.onFinalMany!(trx, [row], final),
  /** A scheduled occurrence's result follows its payout (none for a remittance paid by hand). */
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
        'reference',
        'in',
        rows.map((row) => row.reference),
      )
      .execute();
  },
};
