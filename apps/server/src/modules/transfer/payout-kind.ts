import type { PayoutKind } from '../payouts/kinds';
import { LINE_STATUS } from './tables';

/**
 * One destination of a paid domestic transfer order; `source_id` is the `transfer_order_lines`
 * row, moved to 1 Success / 2 Failed in finalize's transaction (a failed line's amount goes back
 * to the agent's balance through the order's refund step, disburse.ts `settleOrder`).
 */
export const TRANSFER_LINE_PAYOUT: PayoutKind = {
  kind: 'transfer_order_line',
  successKey: 'transfer.lineSuccess',
  failureKeyPrefix: 'withdraw.rail.',
  auditAction: 'transfer_line_final',
  callbackType: 'transfer',
  onFinal: async (trx, row, { outcome, at }) => {
    await trx
      .updateTable('transfer_order_lines')
      .set({ status: outcome.ok ? LINE_STATUS.success : LINE_STATUS.failed, completed_at: at })
      .where('id', '=', row.source_id)
      .execute();
  },
};
