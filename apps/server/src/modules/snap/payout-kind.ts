import type { PayoutKind } from '../payouts/kinds';

/**
 * A partner API interbank transfer; `source_id` is the `snap_transfers` row, moved to 1 Success /
 * 2 Failed in finalize's transaction (transfer status answers from it).
 */
export const SNAP_TRANSFER_PAYOUT: PayoutKind = {
  kind: 'snap_transfer',
  successKey: 'withdraw.paymentSuccess',
  failureKeyPrefix: 'withdraw.rail.',
  auditAction: 'snap_transfer_final',
  callbackType: 'disbursement',
  onFinal: async (trx, row, { outcome, at }) => {
    await trx
      .updateTable('snap_transfers')
      .set({ status: outcome.ok ? 1 : 2, completed_at: at })
      .where('id', '=', row.source_id)
      .execute();
  },
  onFinalMany: async (trx, rows, { outcome, at }) => {
    await trx
      .updateTable('snap_transfers')
      .set({ status: outcome.ok ? 1 : 2, completed_at: at })
      .where(
        'id',
        'in',
        rows.map((row) => row.source_id),
      )
      .execute();
  },
};
