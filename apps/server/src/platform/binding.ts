import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from './session/tokens';

/**
 * What binds a payment to the inquiry it pays, for every money feature: the inquiry's checksum (an
 * HMAC over every field the payment relies on, keyed with the server's session secret, so the page
 * cannot forge one), its constant-time comparison, the fingerprint a replayed request must match,
 * and the masked e-mail address an OTP answer shows.
 */

/** HMAC-SHA256 of `tag|field|field|…`; the tag names the feature and version of the field list. */
export function bindingChecksum(
  secret: string,
  tag: string,
  fields: readonly (string | number)[],
): string {
  return createHmac('sha256', secret)
    .update([tag, ...fields].join('|'))
    .digest('hex');
}

export function checksumMatches(given: string, expected: string): boolean {
  return given.length === expected.length && safeEqual(given, expected);
}

/** The payment request's identity; a replay of the same reff with other fields is refused. */
export function paymentFingerprint(fields: Record<string, string | number>): string {
  const canonical = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  return createHash('sha256').update(canonical).digest('hex');
}

/** r***a@demo.id: enough for the user to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  if (!domain) return `${local.slice(0, 1)}***`;
  const visible =
    local.length <= 2 ? local.slice(0, 1) : `${local[0]}***${local[local.length - 1]}`;
  return `${local.length <= 2 ? `${visible}***` : visible}@${domain}`;
}
