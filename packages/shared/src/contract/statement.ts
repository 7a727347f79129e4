import { z } from 'zod';

/**
 * The statement (`/data/balance`, Mutasi): the kinds of movement a row can be, and the
 * summary above the table (`GET /data/balance/summary`, same query string as the page).
 */
export const MOVEMENT_KINDS = [
  'topup',
  'settlement',
  'withdraw',
  'withdraw_fee',
  'transfer_order',
  'transfer_fee',
  'bulk_transfer',
  'deposit_return',
  'revenue_share_payout',
  'aggregator_share',
  /** A bulk transfer group's amounts and fees set aside at once, and a failed row's money back. */
  'bulk_transfer_hold',
  'bulk_transfer_refund',
  'remittance',
  'remittance_fee',
  /** An advance of settlement funds (dana talangan) paid, and its recovery from a settlement. */
  'advance_payment',
  'advance_recovery',
  'snap_transfer',
  /** A paid QRIS given back to the payer (SNAP qr-mpm-refund), from the available balance. */
  'qris_refund',
  /** A hold voided or expired: its money back on the available balance. */
  'hold_void',
  /** The unposted rest of a partly posted hold. */
  'hold_release',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * Opening and closing available balance of the range (WIB days `from`..`to`), with the credits
 * and debits of the rows between them: opening + credit − debit = closing.
 */
export const statementSummary = z.object({
  from: z.string(),
  to: z.string(),
  opening: z.number().int(),
  credit: z.number().int(),
  debit: z.number().int(),
  closing: z.number().int(),
  /** Rows of the statement in the range (before the page's other filters). */
  count: z.number().int().min(0),
});
export type StatementSummary = z.infer<typeof statementSummary>;
