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
