import { createHash, createHmac, randomInt, randomUUID } from 'node:crypto';
import { wibParts } from '@gerbang/shared';
import { safeEqual } from '../../platform/session/tokens';

/**
 * The remittance area's secrets: inquiry checksums, OTP hashes, ids. HMACs use the server's session
 * secret, so the page cannot forge a checksum and a leaked table of OTP hashes is not enough.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** IR + WIB date and time to the second + 6 random digits. */
export function newRemittanceId(now: Date): string {
  const p = wibParts(now);
  const stamp = `${String(p.year).slice(2)}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
  return `IR${stamp}${pad(randomInt(0, 1_000_000), 6)}`;
}

export const newUuid = (): string => randomUUID();

/** Binds every field the payment relies on; the payment recomputes it from the stored row. */
export function remittanceChecksum(secret: string, fields: readonly (string | number)[]): string {
  const canonical = ['remittance-inquiry-v1', ...fields].join('|');
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

export function checksumMatches(given: string, expected: string): boolean {
  return given.length === expected.length && safeEqual(given, expected);
}

export const newOtpCode = (): string => pad(randomInt(0, 1_000_000), 6);

export function hashOtp(secret: string, publicId: string, code: string): string {
  return createHmac('sha256', secret).update(`remittance-otp-v1|${publicId}|${code}`).digest('hex');
}

export function paymentFingerprint(fields: Record<string, string | number>): string {
  const canonical = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  return createHash('sha256').update(canonical).digest('hex');
}

/** r***a@demo.id */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const visible = local.length <= 2 ? `${local.slice(0, 1)}***` : `${local[0]}***${local.at(-1)}`;
  return domain ? `${visible}@${domain}` : visible;
}
