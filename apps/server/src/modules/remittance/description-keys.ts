import type { DescriptionSource } from '../transactions/descriptions';

/**
 * The transaction descriptions international transfers write: catalog keys, and subtrees where a
 * key ends with '.'. Registered at start by modules/description-keys.ts.
 */
export const REMITTANCE_DESCRIPTIONS: readonly DescriptionSource[] = [
  'remittance.paymentSuccess',
  'remittance.description',
  'remittance.rail.',
];
