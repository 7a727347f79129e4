import type { DescriptionSource } from '../transactions/descriptions';

/**
 * The transaction descriptions domestic transfer orders (the order's payment and its lines) write:
 * catalog keys, and subtrees where a key ends with '.'. Registered at start by
 * modules/description-keys.ts.
 */
export const TRANSFER_DESCRIPTIONS: readonly DescriptionSource[] = [
  'transfer.lineSuccess',
  'transfer.lineSent',
  'transfer.orderPayment',
  'transfer.orderPaymentReturned',
];
