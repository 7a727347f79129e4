import type { DescriptionSource } from '../transactions/descriptions';

/**
 * The transaction descriptions the leftover-deposit return writes: catalog keys, and subtrees where
 * a key ends with '.'. Registered at start by modules/description-keys.ts.
 */
export const DEPOSIT_RETURN_DESCRIPTIONS: readonly DescriptionSource[] = [
  'depositReturn.success',
  'depositReturn.description',
];
