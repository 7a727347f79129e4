import {
  createHash,
  createHmac,
  createPublicKey,
  type KeyObject,
  sign,
  timingSafeEqual,
  verify,
} from 'node:crypto';

/**
 * The two SNAP signatures (docs/api.md "Partner API (SNAP)"):
 * - access token: SHA256withRSA over `clientId + "|" + X-TIMESTAMP`, verified with the partner's
 *   registered public key;
 * - service call: HMAC-SHA512 with the client secret over
 *   `METHOD:path:accessToken:lowercase hex SHA-256 of the minified body:X-TIMESTAMP`.
 * Both travel base64 in X-SIGNATURE. And the one Gerbang makes:
 * - payment notification (Gerbang → partner): SHA256withRSA with the provider's private key over
 *   `POST:relative path:lowercase hex SHA-256 of the minified body:X-TIMESTAMP`, verified by the
 *   partner with the published provider public key. That is the standard's asymmetric signature
 *   without an access token, as PJPs describe their notifications (e.g. docs.payermax.com
 *   "Indonesian SNAP Protocol Signature Integration", asynchronous notification: platform RSA
 *   private key, `HTTPMethod:EndpointUrl:SHA256(minify(body)):timestamp`).
 */

/** The body with every whitespace outside strings removed (the standard's "minified" body). */
export function minifyJson(raw: string): string {
  let out = '';
  let inString = false;
  let escaped = false;
  for (const ch of raw) {
    if (inString) {
      out += ch;
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') {
      out += ch;
    }
  }
  return out;
}

export function bodyHash(raw: string): string {
  return createHash('sha256').update(minifyJson(raw), 'utf8').digest('hex');
}

export function serviceStringToSign(input: {
  method: string;
  path: string;
  accessToken: string;
  rawBody: string;
  timestamp: string;
}): string {
  return [
    input.method.toUpperCase(),
    input.path,
    input.accessToken,
    bodyHash(input.rawBody),
    input.timestamp,
  ].join(':');
}

export function notificationStringToSign(input: {
  method: string;
  path: string;
  rawBody: string;
  timestamp: string;
}): string {
  return [input.method.toUpperCase(), input.path, bodyHash(input.rawBody), input.timestamp].join(
    ':',
  );
}

export function signNotification(privateKey: KeyObject, stringToSign: string): string {
  return sign('sha256', Buffer.from(stringToSign, 'utf8'), privateKey).toString('base64');
}

export function verifyNotificationSignature(
  publicKeyPem: string,
  stringToSign: string,
  signature: string,
): boolean {
  const bytes = base64Bytes(signature);
  if (!bytes || bytes.length === 0) return false;
  try {
    return verify(
      'sha256',
      Buffer.from(stringToSign, 'utf8'),
      createPublicKey(publicKeyPem),
      bytes,
    );
  } catch {
    return false;
  }
}

function base64Bytes(value: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

export function verifyTokenSignature(
  publicKeyPem: string,
  clientId: string,
  timestamp: string,
  signature: string,
): boolean {
  const bytes = base64Bytes(signature);
  if (!bytes || bytes.length === 0) return false;
  try {
    const key = createPublicKey(publicKeyPem);
    return verify('sha256', Buffer.from(`${clientId}|${timestamp}`, 'utf8'), key, bytes);
  } catch {
    return false;
  }
}

export function signService(secret: string, stringToSign: string): string {
  return createHmac('sha512', secret).update(stringToSign, 'utf8').digest('base64');
}

export function verifyServiceSignature(
  secret: string,
  stringToSign: string,
  signature: string,
): boolean {
  const given = base64Bytes(signature);
  const expected = Buffer.from(signService(secret, stringToSign), 'base64');
  return !!given && given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A PEM RSA public key of at least 2048 bits, normalised to SPKI PEM; null when it is not one.
 * (The upload route checks it before the OTP is spent.)
 */
export function normalisePublicKey(pem: string): string | null {
  try {
    const key = createPublicKey(pem.trim());
    if (key.asymmetricKeyType !== 'rsa') return null;
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 2048 || bits > 8192) return null;
    return String(key.export({ type: 'spki', format: 'pem' }));
  } catch {
    return null;
  }
}

/** The SNAP timestamp: ISO 8601 with an explicit offset (`2026-11-23T21:05:00+07:00` or `Z`). */
export function parseSnapTimestamp(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/.test(value))
    return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * A SNAP timestamp in WIB (`2026-11-23T10:00:00+07:00`): the X-TIMESTAMP every answer carries, as
 * the standard's sample answers do, and the date-times inside answers.
 */
export function formatSnapTimestamp(at: Date): string {
  const wib = new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 19);
  return `${wib}+07:00`;
}

/** How far a request's X-TIMESTAMP may be from the server's clock. */
export const TIMESTAMP_SKEW_MS = 5 * 60 * 1000;
