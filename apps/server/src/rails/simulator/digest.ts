/**
 * Stable pseudo-random values from a seed. SHA-256 rather than Math.random so that the same
 * account always gets the same holder name and the same reference the same pickup code, across
 * processes and restarts.
 */
import { createHash } from 'node:crypto';

function sha256(seed: string): Buffer {
  return createHash('sha256').update(seed, 'utf8').digest();
}

/** The `index`-th 32-bit word (0–7) of the seed's digest. */
export function digestWord(seed: string, index: number): number {
  return sha256(seed).readUInt32BE(index * 4);
}

/** `length` (1–18) decimal digits taken from the seed's digest. */
export function digestDigits(seed: string, length: number): string {
  const value = sha256(seed).readBigUInt64BE(0) % 10n ** BigInt(length);
  return value.toString().padStart(length, '0');
}

/** A short hex tag that tells two seeds apart in an identifier. */
export function digestHex(seed: string, length: number): string {
  return sha256(seed).toString('hex').slice(0, length);
}
