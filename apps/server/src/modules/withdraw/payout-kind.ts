import type { PayoutKind } from '../payouts/kinds';

/** A withdrawal (bank, e-wallet or retail pickup); `source_id` is the withdraw inquiry's id. */
export const WITHDRAW_PAYOUT: PayoutKind = {
  kind: 'withdraw',
  successKey: 'withdraw.paymentSuccess',
  failureKeyPrefix: 'withdraw.rail.',
  auditAction: 'withdraw_final',
  callbackType: 'disbursement',
};
