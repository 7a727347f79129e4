import type { DescriptionSource } from '../transactions/descriptions';

/**
 * The transaction descriptions withdrawals write: catalog keys, and subtrees where a key ends with
 * '.'. Registered at start by modules/description-keys.ts.
 */
export const WITHDRAW_DESCRIPTIONS: readonly DescriptionSource[] = [
  'withdraw.paymentSuccess',
  'withdraw.rail.',
];
