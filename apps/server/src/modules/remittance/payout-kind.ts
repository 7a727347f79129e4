import type { PayoutKind } from '../payouts/kinds';

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
};
