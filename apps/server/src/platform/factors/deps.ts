import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { OwnerKind } from './tables';

/** Whose factors: a portal user or a console staff member, and the session asking. */
export interface FactorOwner {
  kind: OwnerKind;
  id: number;
  /** The session the proof is for (`sessions.id` or `staff_sessions.id`). */
  sessionId: number;
  /** Shown in the authenticator app and the passkey prompt (the login e-mail). */
  label: string;
}

/** What the factor functions need: the database, the instance secret, the clock, the RP. */
export interface FactorDeps {
  db: Kysely<Database>;
  secret: string;
  now: () => Date;
  rp: { id: string; origins: string[]; name: string };
}

export const factorDeps = (services: Services): FactorDeps => ({
  db: services.db,
  secret: services.config.sessionSecret,
  now: services.now,
  rp: {
    id: services.config.webauthnRpId,
    origins: services.config.webauthnOrigins,
    name: 'Gerbang',
  },
});

/** A key of its own per use, derived from the instance secret (never the secret itself). */
const subKey = (secret: string, use: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), 'gerbang-factors', use, 32));

const b64 = (b: Buffer) => b.toString('base64url');

/** TOTP secrets are kept encrypted (AES-256-GCM): a read of the table alone gives no codes. */
export function sealTotpSecret(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subKey(secret, 'totp-secret/v1'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
}

export function openTotpSecret(secret: string, stored: string): string {
  const [iv, tag, body] = stored.split('.');
  if (!iv || !tag || body === undefined) throw new Error('malformed TOTP secret');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    subKey(secret, 'totp-secret/v1'),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * Recovery codes carry 50 random bits and every try is budgeted, so a keyed hash (not argon2) is
 * enough: a stolen table without the instance secret gives nothing to try offline.
 */
export function hashRecoveryCode(secret: string, code: string): string {
  return createHmac('sha256', subKey(secret, 'recovery-code/v1'))
    .update(normalizeRecoveryCode(code))
    .digest('hex');
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
