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

/** Prefix + WIB date and time to the second + 6 random digits: unique enough, sortable, readable. */
export function newTransactionId(prefix: TransactionIdPrefix, now: Date): string {
  return `${prefix}${wibStamp(now)}${pad(randomInt(0, 1_000_000), 6)}`;
}

export function newUuid(): string {
  return randomUUID();
}
