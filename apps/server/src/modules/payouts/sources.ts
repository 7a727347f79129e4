/**
 * The features that send money out through the payout block, by `source_kind` (a rail
 * submission's owner is `(source_kind, source_id)`). An entry says what `finalize` writes for that
 * feature: the KETERANGAN of the transaction row (catalog keys, stored in Indonesian), the audit
 * action and the callback type. A new money-out feature adds one entry here; the block never
 * imports the feature.
 */
export const PAYOUT_SOURCES = {
  /** A withdrawal (modules/withdraw); `source_id` is the withdraw inquiry's id. */
  withdraw: {
    successKey: 'withdraw.paymentSuccess',
    /** `${failureKeyPrefix}${reason}`: the rail's failure reason in words. */
    failureKeyPrefix: 'withdraw.rail.',
    auditAction: 'withdraw_final',
    callbackType: 'disbursement',
  },
  /**
   * The daily leftover-deposit return (modules/topup/leftover-return.ts); `source_id` is the
   * `deposits` row (kind 'return') the deposit page shows, moved to 1 Success / 2 Failed here.
   */
  deposit_return: {
    successKey: 'depositReturn.success',
    failureKeyPrefix: 'withdraw.rail.',
    auditAction: 'deposit_return_final',
    callbackType: 'deposit_return',
    sourceStatus: {
      table: 'deposits',
      statusColumn: 'status',
      success: 1,
      failure: 2,
      completedAtColumn: 'tanggal_transfer',
    },
  },
  /**
   * One destination of a paid domestic transfer order (modules/transfer); `source_id` is the
   * `transfer_order_lines` row, moved to 1 Success / 2 Failed here (a failed line's amount goes
   * back to the agent's balance through the order's refund step).
   */
  transfer_order_line: {
    successKey: 'transfer.lineSuccess',
    failureKeyPrefix: 'withdraw.rail.',
    auditAction: 'transfer_line_final',
    callbackType: 'transfer',
    sourceStatus: {
      table: 'transfer_order_lines',
      statusColumn: 'status',
      success: 1,
      failure: 2,
      completedAtColumn: 'completed_at',
    },
  },
  /**
   * An international remittance (modules/remittance); `source_id` is the remittance inquiry. Its
   * hold is the IDR leg into the FX account plus the currency leg out of it (ADR 006).
   */
  remittance: {
    successKey: 'remittance.paymentSuccess',
    failureKeyPrefix: 'remittance.rail.',
    auditAction: 'remittance_final',
    callbackType: 'remittance',
  },
  /**
   * One row of a bulk transfer group (modules/bulk-transfer); `source_id` is the
   * `disbursement_details` row, moved to 1 Success / 2 Failed here (a failed row's amount and fee
   * go back to the balance through the group's refund step).
   */
  bulk_transfer_row: {
    successKey: 'bulk.rowSuccess',
    failureKeyPrefix: 'withdraw.rail.',
    auditAction: 'bulk_transfer_row_final',
    callbackType: 'disbursement',
    sourceStatus: {
      table: 'disbursement_details',
      statusColumn: 'status',
      success: 1,
      failure: 2,
      completedAtColumn: 'processed_time',
    },
  },
  /**
   * A SNAP interbank transfer (modules/snap/transfer.ts); `source_id` is the `snap_transfers` row,
   * moved to 1 Success / 2 Failed here (transfer status answers from it).
   */
  snap_transfer: {
    successKey: 'withdraw.paymentSuccess',
    failureKeyPrefix: 'withdraw.rail.',
    auditAction: 'snap_transfer_final',
    callbackType: 'disbursement',
    sourceStatus: {
      table: 'snap_transfers',
      statusColumn: 'status',
      success: 1,
      failure: 2,
      completedAtColumn: 'completed_at',
    },
  },
} as const satisfies Record<string, PayoutSourceDescriptor>;

export interface PayoutSourceDescriptor {
  successKey: string;
  failureKeyPrefix: string;
  auditAction: string;
  callbackType: string;
  /**
   * A status the feature's own row (`table.id = source_id`) takes in finalize's transaction, when
   * a page shows it: data only, so the block still imports no feature.
   */
  sourceStatus?: {
    table: string;
    statusColumn: string;
    success: number;
    failure: number;
    /** Set to the final instant, when given. */
    completedAtColumn?: string;
  };
}

export type PayoutSourceKind = keyof typeof PAYOUT_SOURCES;

export function payoutSource(kind: string): PayoutSourceDescriptor {
  const descriptor = (PAYOUT_SOURCES as Record<string, PayoutSourceDescriptor>)[kind];
  if (!descriptor) throw new Error(`unknown payout source kind ${kind}`);
  return descriptor;
}

/** Who owns a payout: the feature and its row. */
export interface PayoutSource {
  kind: PayoutSourceKind;
  id: number;
}
