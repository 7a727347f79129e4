import { TRANSFER_FLAG } from '@gerbang/ledger';
import type { StatementLineType } from '@gerbang/shared/contract/statements';

/**
 * The type of a statement line, from its ledger transfer (ADR 020 lists the mapping). A void or
 * the released rest of a partial post gives held money back: a REVERSAL, whatever it reversed.
 * Fees are their own lines (the ledger books them as linked transfers of their own kind).
 */
const BY_KIND: Readonly<Record<string, StatementLineType>> = {
  topup: 'TOPUP',
  va_payment: 'PAYMENT',
  qris_payment: 'PAYMENT',
  payin: 'PAYMENT',
  settlement: 'SETTLEMENT',
  withdraw: 'PAYOUT',
  bulk_transfer: 'PAYOUT',
  bulk_transfer_hold: 'PAYOUT',
  transfer_order: 'PAYOUT',
  snap_transfer: 'PAYOUT',
  remittance: 'PAYOUT',
  deposit_return: 'PAYOUT',
  scheduled_withdraw: 'PAYOUT',
  scheduled_remittance: 'PAYOUT',
  payment_fee: 'FEE',
  withdraw_fee: 'FEE',
  transfer_fee: 'FEE',
  remittance_fee: 'FEE',
  qris_refund: 'REFUND',
  bulk_transfer_refund: 'REFUND',
  transfer_refund: 'REFUND',
  advance_payment: 'ADVANCE',
  advance_recovery: 'ADVANCE_RECOVERY',
  revenue_share_payout: 'REVENUE_SHARE',
  aggregator_share: 'REVENUE_SHARE',
};

export function lineType(kind: string, flags: number): StatementLineType {
  if ((flags & (TRANSFER_FLAG.voidPending | TRANSFER_FLAG.postPending)) !== 0) return 'REVERSAL';
  const known = BY_KIND[kind];
  if (known) return known;
  if (kind.endsWith('_fee')) return 'FEE';
  if (kind.endsWith('_refund')) return 'REFUND';
  return 'OTHER';
}
