import type { CallbackInput as AnyCallbackInput } from '../callbacks/queue';

/** The pay-in block's callbacks; the queue itself is shared with the payout block. */
export interface CallbackInput extends AnyCallbackInput {
  type: 'payment' | 'settlement' | 'topup';
}

export { callbackRow, queueCallback } from '../callbacks/queue';
