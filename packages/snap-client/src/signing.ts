import { createHash, createHmac, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * The two SNAP signatures, as Gerbang's docs/api.md "Partner API (SNAP)" gives them:
 * - access token (asymmetric): base64 SHA256withRSA(private key, `clientId + "|" + X-TIMESTAMP`);
 * - service call (symmetric): base64 HMAC-SHA512(client secret,
 *   `METHOD:path:accessToken:lowercase hex SHA-256(minified body):X-TIMESTAMP`).
 */

/** The body without any whitespace outside JSON strings (the standard's "minified" body). */
export function minifyJson(text: string): string {
  let out = '';
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      out += ch;
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') {
      out += ch;
    }
  }
  return out;
}

/** Lowercase hex SHA-256 of the minified body. */
export function bodyHash(body: string): string {
  return createHash('sha256').update(minifyJson(body), 'utf8').digest('hex');
}

export function serviceStringToSign(input: {
  method: string;
  path: string;
  accessToken: string;
  body: string;
  timestamp: string;
}): string {
  return [
    input.method.toUpperCase(),
    input.path,
    input.accessToken,
    bodyHash(input.body),
    input.timestamp,
  ].join(':');
}

export function serviceSignature(clientSecret: string, stringToSign: string): string {
  return createHmac('sha512', clientSecret).update(stringToSign, 'utf8').digest('base64');
}

export function tokenSignature(privateKey: KeyObject, clientId: string, timestamp: string): string {
  return sign('sha256', Buffer.from(`${clientId}|${timestamp}`, 'utf8'), privateKey).toString(
    'base64',
  );
}

const WIB_OFFSET_MS = 7 * 3600_000;

/**
 * X-TIMESTAMP as the standard writes it, `yyyy-MM-ddTHH:mm:ss+07:00`: local time in WIB (the
 * server's zone) with its offset, whole seconds.
 */
export function snapTimestamp(at: Date): string {
  return `${new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 19)}+07:00`;
}

/** X-EXTERNAL-ID: at most 36 characters of `[A-Za-z0-9_-]`; unique per partner per WIB day. */
export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9_-]{1,36}$/;

let sequence = 0;

/**
 * A fresh X-EXTERNAL-ID of 32 digits (digits only: some SNAP servers take nothing else): the
 * milliseconds of `at` (13), a process counter (3) and 16 random digits, so two ids of one
 * partner in one day do not meet.
 */
export function newExternalId(at: Date): string {
  sequence = (sequence + 1) % 1000;
  const random = (randomBytes(8).readBigUInt64BE() % 10n ** 16n).toString().padStart(16, '0');
  const millis = String(at.getTime()).padStart(13, '0').slice(-13);
  return `${millis}${String(sequence).padStart(3, '0')}${random}`;
}
