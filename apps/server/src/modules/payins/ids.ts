import { randomInt } from 'node:crypto';
import { nextSerial, type SerialExecutor, stampedId } from '../../platform/ids';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** PI + WIB date and time to the second + the next serial (platform/ids.ts), like the withdraw ids. */
export async function newPayinTransactionId(
  owner: object,
  db: SerialExecutor,
  now: Date,
): Promise<string> {
  return payinTransactionId(now, await nextSerial(owner, db, now));
}

/** PI + WIB date and time to the second + `serial` in 6 digits (the seed passes its serials). */
export function payinTransactionId(now: Date, serial: number): string {
  return stampedId('PI', now, serial);
}

/** `count` random decimal digits. */
export function randomDigits(count: number): string {
  let out = '';
  while (out.length < count) out += pad(randomInt(0, 1_000_000), 6);
  return out.slice(0, count);
}
