import { createHmac, randomBytes, randomInt } from 'node:crypto';

/** Six digits, uniformly random (leading zeros kept). */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The id the page refers to an OTP by (not a secret: the code is). */
export function newOtpPublicId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * The stored form of a code: an HMAC keyed with the server's session secret, so a stolen table of
 * hashes cannot be brute-forced offline without the secret. `parts` bind it to its OTP.
 */
export function hashOtp(secret: string, parts: readonly (string | number)[], code: string): string {
  return createHmac('sha256', secret)
    .update([...parts, code].join('|'))
    .digest('hex');
}
