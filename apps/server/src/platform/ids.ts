import { randomInt, randomUUID } from 'node:crypto';
import { wibParts } from '@gerbang/shared';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The payout kinds' id prefixes: withdraw (WD), e-wallet (EW), retail (RT), remittance (IR). */
export type TransactionIdPrefix = 'WD' | 'EW' | 'RT' | 'IR';

/** yyMMddHHmmss in WIB: the readable, sortable part of transaction ids. */
export function wibStamp(now: Date): string {
  const p = wibParts(now);
  return `${String(p.year).slice(2)}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/**
 * The 6-digit serial of transaction ids: a counter that starts at a random point in each process.
 * Six random digits per id collide by the birthday rule (at 250 ids a second, one second in 30
 * repeated an id: a unique violation and a failed payout); a counter never repeats within a
 * process until a million ids were taken in one second, and two processes only meet where their
 * counters' ranges overlap (about (n1 + n2) / 1,000,000 of a second's ids), which their random
 * starts make as rare as a single collision used to be in a quiet minute.
 */
let serial = randomInt(0, 1_000_000);
export function nextSerial(): number {
  serial = (serial + 1) % 1_000_000;
  return serial;
}

/** Prefix + WIB date and time to the second + a 6-digit serial: unique, sortable, readable. */
export function newTransactionId(prefix: TransactionIdPrefix, now: Date): string {
  return `${prefix}${wibStamp(now)}${pad(nextSerial(), 6)}`;
}

export function newUuid(): string {
  return randomUUID();
}
