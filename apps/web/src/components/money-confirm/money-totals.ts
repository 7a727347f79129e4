/** The totals a user confirms before money leaves the balance, in whole rupiah. */
export interface MoneyTotals {
  /** How many transfers (rows, lines) the action sends. */
  count: number;
  /** What reaches the payees. */
  amount: number;
  /** Admin and service fees together. */
  fees: number;
  /** What the action takes: amount + fees (less a voucher). */
  total: number;
  /** Where the total comes from: the balance (default), or a payment the user makes next. */
  source?: 'balance' | 'payment';
  /** Lines of the action's own, shown above the totals (a destination amount, say). */
  details?: Array<{ label: string; value: string }>;
}
