import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';

/**
 * The key that encrypts agents' signature keys at rest (AES-256-GCM). It is derived from the
 * instance's session secret (configured in production, kept in the database's instance secrets
 * in demo mode), so a read of `agent_credentials` alone cannot reveal a signature key.
 *
 * The key is registered per database handle at start (bootstrap.ts), so code that only holds the
 * database (the callback sender's `callbackTargetFor`) can decrypt with the right installation key,
 * even with several test apps in one process.
 */
const keys = new WeakMap<object, Buffer>();

export function deriveSigningWrapKey(config: Pick<Config, 'sessionSecret'>): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(config.sessionSecret, 'utf8'),
      Buffer.from('gerbang-credentials', 'utf8'),
      Buffer.from('signature-key-wrap/v1', 'utf8'),
      32,
    ),
  );
}

export function registerSigningWrapKey(db: Kysely<any>, config: Pick<Config, 'sessionSecret'>) {
  keys.set(db, deriveSigningWrapKey(config));
}

function wrapKeyFor(db: Kysely<any>): Buffer {
  const key = keys.get(db);
  if (!key) throw new Error('credential wrap key not registered for this database');
  return key;
}

const b64 = (b: Buffer) => b.toString('base64url');

export function encryptSecret(db: Kysely<any>, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrapKeyFor(db), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
}

export function decryptSecret(db: Kysely<any>, stored: string): string {
  const [iv, tag, body] = stored.split('.');
  if (!iv || !tag || body === undefined) throw new Error('malformed encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', wrapKeyFor(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
