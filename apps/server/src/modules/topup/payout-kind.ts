import type { PayoutKind } from '../payouts/kinds';

/**
 * The daily leftover-deposit return (leftover-return.ts); `source_id` is the `deposits` row
 * (kind 'return') the deposit page shows, moved to 1 Success / 2 Failed in finalize's transaction.
 */
export const DEPOSIT_RETURN_PAYOUT: PayoutKind = {
  kind: 'deposit_return',
  successKey: 'depositReturn.success',
  failureKeyPrefix: 'withdraw.rail.',
  auditAction: 'deposit_return_final',
  callbackType: 'deposit_return',
  onFinal: async (trx, row, { outcome, at }) => {
    await trx
      .updateTable('deposits')
      .set({ status: outcome.ok ? 1 : 2, tanggal_transfer: at })
      .where('id', '=', row.source_id)
      .execute();
  },
};
