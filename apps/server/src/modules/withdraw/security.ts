import { createHash, createHmac, randomInt, randomUUID } from 'node:crypto';
import { wibParts } from '@gerbang/shared';
import { safeEqual } from '../../platform/session/tokens';

/**
 * The withdraw area's secrets: inquiry checksums, OTP hashes and ids. HMACs use the server's
 * session secret, so a checksum cannot be forged by the page and a stolen table of OTP hashes
 * cannot be brute-forced offline without the secret.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** WD/EW/RT + WIB date and time to the second + 6 random digits: unique enough, sortable, readable. */
export function newTransactionId(prefix: 'WD' | 'EW' | 'RT', now: Date): string {
  const p = wibParts(now);
  const stamp = `${String(p.year).slice(2)}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
  return `${prefix}${stamp}${pad(randomInt(0, 1_000_000), 6)}`;
}

export function newUuid(): string {
  return randomUUID();
}

export interface ChecksumFields {
  idTransaksi: string;
  agentId: number;
  environment: string;
  kind: string;
  railCode: string;
  accountType: string;
  accountNumber: string;
  accountName: string;
  amount: number;
  adminFee: number;
  uuidUser: string;
  expiresAt: Date;
}

/** Binds every field the payment relies on; the payment recomputes it from the stored inquiry. */
export function inquiryChecksum(secret: string, f: ChecksumFields): string {
  const canonical = [
    'withdraw-inquiry-v1',
    f.idTransaksi,
    f.agentId,
    f.environment,
    f.kind,
    f.railCode,
    f.accountType,
    f.accountNumber,
    f.accountName,
    f.amount,
    f.adminFee,
    f.uuidUser,
    f.expiresAt.toISOString(),
  ].join('|');
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

export function checksumMatches(given: string, expected: string): boolean {
  return given.length === expected.length && safeEqual(given, expected);
}

/** Six digits, uniformly random (leading zeros kept). */
export function newOtpCode(): string {
  return pad(randomInt(0, 1_000_000), 6);
}

export function hashOtp(secret: string, publicId: string, code: string): string {
  return createHmac('sha256', secret).update(`withdraw-otp-v1|${publicId}|${code}`).digest('hex');
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
