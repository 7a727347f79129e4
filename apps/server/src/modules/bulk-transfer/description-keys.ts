import type { DescriptionSource } from '../transactions/descriptions';

/**
 * The transaction descriptions bulk transfer rows write: catalog keys, and subtrees where a key
 * ends with '.'. Registered at start by modules/description-keys.ts.
 */
export const BULK_TRANSFER_DESCRIPTIONS: readonly DescriptionSource[] = [
  'bulk.rowLine',
  'bulk.rowSuccess',
];
