import { z } from 'zod';

/**
 * Payout breakdowns (ADR 019, "Payout breakdown"): what one payout, or one bulk transfer group,
 * took from the merchant's balance, through which ledger transfers, and what came back — gross →
 * net, as the server computed it from the ledger and checked against the payout records.
 */

/** One payout, named by its transaction id (the transactions page's row key). */
export const payoutBreakdownQuery = z.object({
  id_transaksi: z
    .string({ error: 'recon.errors.payout' })
    .trim()
    .min(1, { error: 'recon.errors.payout' })
    .max(64, { error: 'recon.errors.payout' })
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'recon.errors.payout' }),
});

/** One bulk transfer group, by its id (the bulk groups page's row key). */
export const bulkBreakdownQuery = z.object({
  id: z.coerce
    .number({ error: 'recon.errors.bulkGroup' })
    .int({ error: 'recon.errors.bulkGroup' })
    .min(1, { error: 'recon.errors.bulkGroup' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'recon.errors.bulkGroup' }),
});

/**
 * What a ledger transfer is to the payout: a leg of its hold (`amount`, `fee`), the transfer that
 * ended a pending leg (`post`, `void`, `expire`), a failed bulk row's `refund` to the balance, or
 * the row's share of its bulk group's hold (`group_hold`).
 */
export const PAYOUT_TRANSFER_ROLES = [
  'amount',
  'fee',
  'post',
  'void',
  'expire',
  'refund',
  'group_hold',
] as const;
export type PayoutTransferRole = (typeof PAYOUT_TRANSFER_ROLES)[number];

export const PAYOUT_STATUSES = ['SUCCESS', 'FAILED', 'PROCESS'] as const;

/** A bulk row's place: 0 New, -1 Queue, -2 On Process, 1 Success, 2 Failed. */
export const BULK_ROW_STATUSES = ['NEW', 'QUEUED', 'PROCESS', 'SUCCESS', 'FAILED'] as const;

export const payoutBreakdownAnswer = z.object({
  payout: z.object({
    id_transaksi: z.string(),
    product: z.string(),
    bank: z.string(),
    account_number: z.string(),
    account_name: z.string(),
    /** ISO instant. */
    requested_at: z.string(),
    status: z.enum(PAYOUT_STATUSES),
    /** The bulk group the payout is a row of, if any. */
    group_id: z.number().nullable(),
    /** A failed bulk row whose money the group's refund step has not yet given back. */
    refund_pending: z.boolean(),
  }),
  transfers: z.array(
    z.object({
      id: z.string(),
      role: z.enum(PAYOUT_TRANSFER_ROLES),
      amount: z.number(),
      /** pending/posted/voided/expired for a leg; posted for every other transfer. */
      state: z.enum(['pending', 'posted', 'voided', 'expired']),
      /** ISO instant. */
      at: z.string(),
    }),
  ),
  totals: z.object({
    amount: z.number(),
    fee: z.number(),
    /** amount + fee: what the payout takes from the balance. */
    total: z.number(),
    /** Given back to the balance: voided legs, or a failed bulk row's refund. */
    returned: z.number(),
    /** total − returned: what left the balance (held while the payout is in process). */
    net: z.number(),
  }),
});
export type PayoutBreakdown = z.infer<typeof payoutBreakdownAnswer>;

export const bulkBreakdownAnswer = z.object({
  group: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    status: z.enum(['WAITING_APPROVAL', 'REJECTED', 'RUNNING', 'DONE']),
    /** ISO instant. */
    created_at: z.string(),
  }),
  rows: z.array(
    z.object({
      row_no: z.number(),
      id_transaksi: z.string().nullable(),
      name: z.string(),
      bank: z.string(),
      account_number: z.string(),
      amount: z.number(),
      fee: z.number(),
      status: z.enum(BULK_ROW_STATUSES),
      /** amount + fee given back to the balance (a failed row), else 0. */
      refunded: z.number(),
    }),
  ),
  totals: z.object({
    gross: z.number(),
    fees: z.number(),
    /** gross + fees: what the group asked of the balance. */
    total: z.number(),
    /** What the ledger took from the balance for the group (its hold). */
    held: z.number(),
    /** Failed rows' amounts and fees given back. */
    refunded: z.number(),
    /** The whole hold given back (a group rejected or expired before it ran). */
    released: z.number(),
    /** held − refunded − released: what the group finally debited (or still holds). */
    net: z.number(),
  }),
});
export type BulkBreakdown = z.infer<typeof bulkBreakdownAnswer>;
