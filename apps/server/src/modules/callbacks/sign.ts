import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The callback signature (docs/api.md "Callbacks"): hex HMAC-SHA512 of `timestamp + "." + raw
 * body`, keyed with the agent's signature key. The timestamp is the `X-Callback-Timestamp`
 * header (Unix seconds) of the same request, so a receiver can refuse old replays.
 */
export function signCallback(key: string, timestamp: string, rawBody: string): string {
  return createHmac('sha512', key).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** Constant-time check of a received signature (the demo receiver's). */
export function isValidCallbackSignature(
  key: string,
  timestamp: string,
  rawBody: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signCallback(key, timestamp, rawBody), 'hex');
  const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
