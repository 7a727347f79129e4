/**
 * The account kinds money comes in through (the same ones the demo history uses). The ledger
 * itself is `services.ledger`, built once at start with the services clock.
 */
export const ACCOUNT = {
  /** Money that arrived at a bank, acquirer or retailer, per channel (debit-normal). */
  clearing: 'cash_in_clearing',
  /** The merchant's incoming funds until settlement. */
  held: 'merchant_held',
  /** What the merchant can spend. */
  available: 'merchant_available',
  fees: 'fee_revenue',
  /** Transfers nobody could be matched to, visible to the provider. */
  suspense: 'suspense',
} as const;
