import type { PayoutKind } from '../payouts/kinds';

/**
 * One row of a bulk transfer group; `source_id` is the `disbursement_details` row, moved to
 * 1 Success / 2 Failed in finalize's transaction (a failed row's amount and fee go back to the
 * balance through the group's refund step, runner.ts `refundStep`).
 */
export const BULK_ROW_PAYOUT: PayoutKind = {
  kind: 'bulk_transfer_row',
  successKey: 'bulk.rowSuccess',
  failureKeyPrefix: 'withdraw.rail.',
  auditAction: 'bulk_transfer_row_final',
  callbackType: 'disbursement',
  onFinal: async (trx, row, { outcome, at }) => {
    await trx
      .updateTable('disbursement_details')
      .set({ status: outcome.ok ? 1 : 2, processed_time: at })
      .where('id', '=', row.source_id)
      .execute();
  },
  // A finalize group of rows with one outcome: one statement for all of them.
  onFinalMany: async (trx, rows, { outcome, at }) => {
    await trx
      .updateTable('disbursement_details')
      .set({ status: outcome.ok ? 1 : 2, processed_time: at })
      .where(
        'id',
        'in',
        rows.map((row) => row.source_id),
      )
      .execute();
  },
};
