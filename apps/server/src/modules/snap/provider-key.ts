import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../../config';
import { decryptSecret, encryptSecret } from '../credentials/signing';

/**
 * The deployment's SNAP provider key pair: its private key signs the SNAP payment notifications
 * Gerbang sends (SHA256withRSA, notify-signature.ts), its public key is published at
 * `GET /snap/v1.0/provider-public-key` and on the credential page so partners can verify them.
 *
 * The key is the configured one (SNAP_PROVIDER_PRIVATE_KEY) or, without it, one generated on the
 * first need and kept in `instance_secrets` encrypted like the agents' secrets (AES-GCM under the
 * key derived from the session secret, credentials/signing.ts). Concurrent first uses (several
 * processes on one PostgreSQL) agree: the insert keeps the first key and everyone reads that one.
 * A production or demo start loads it at once (bootstrap.ts), so a broken key stops the start. A
 * stored key the session secret no longer opens stops a production start (partners verify with its
 * public key); demo and test mode replace it with a new one.
 */

export interface ProviderKey {
  privateKey: KeyObject;
  /** SPKI PEM, as published. */
  publicPem: string;
  /** SHA-256 of the public key (SPKI DER), hex: what a partner compares with its copy. */
  fingerprint: string;
}

const SECRET_NAME = 'snap_provider_key';
/** The size of a generated key; a configured one may be larger. */
const GENERATED_BITS = 2048;
const MIN_BITS = 2048;

const generate = promisify(generateKeyPair);

interface KeySource {
  pem: string | null;
  /** Whether a stored key the session secret no longer opens may be replaced (not production). */
  replaceUnreadable: boolean;
}

const sources = new WeakMap<object, KeySource>();
const loaded = new WeakMap<object, Promise<ProviderKey>>();

/** Bootstrap: the configured key (or none) of the installation that owns this database handle. */
export function registerProviderKeySource(
  db: Kysely<any>,
  config: Pick<Config, 'snapProviderPrivateKey' | 'mode'>,
): void {
  sources.set(db, {
    pem: config.snapProviderPrivateKey,
    replaceUnreadable: config.mode !== 'production',
  });
  loaded.delete(db);
}

/** The provider key of this database's installation, loaded (or generated) once per handle. */
export function providerKey(db: Kysely<any>): Promise<ProviderKey> {
  let key = loaded.get(db);
  if (!key) {
    key = loadProviderKey(db);
    // A failed load is not kept: the next call tries again (the error is the caller's to report).
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}

async function loadProviderKey(db: Kysely<any>): Promise<ProviderKey> {
  const source = sources.get(db);
  if (source?.pem) return providerKeyOf(source.pem, 'SNAP_PROVIDER_PRIVATE_KEY');
  const stored = await storedKey(db);
  try {
    return providerKeyOf(decryptStored(db, stored), 'the stored SNAP provider key');
  } catch (error) {
    if (!source?.replaceUnreadable || !isUnreadable(error)) throw error;
    // Demo (a SESSION_SECRET set after the first start): a new key, which partners fetch again.
    return providerKeyOf(
      decryptStored(db, await replaceStoredKey(db, stored)),
      'the stored SNAP provider key',
    );
  }
}

const UNREADABLE =
  'the stored SNAP provider key cannot be decrypted with this SESSION_SECRET: restore the secret it was stored under, or set SNAP_PROVIDER_PRIVATE_KEY';

/** The stored value opened with this installation's wrap key; refuses with UNREADABLE. */
function decryptStored(db: Kysely<any>, stored: string): string {
  try {
    return decryptSecret(db, stored);
  } catch {
    // Kept under the session secret: another secret cannot read it. In production a new key would
    // silently break every partner's verification, so the start stops instead.
    throw new Error(UNREADABLE);
  }
}

const isUnreadable = (error: unknown) => (error as Error)?.message === UNREADABLE;

const readStored = async (db: Kysely<any>) =>
  (
    await sql<{
      value: string;
    }>`SELECT value FROM instance_secrets WHERE name = ${SECRET_NAME}`.execute(db)
  ).rows[0]?.value;

/** A new key, encrypted for `instance_secrets`. */
async function newEncryptedKey(db: Kysely<any>): Promise<string> {
  const { privateKey } = await generate('rsa', { modulusLength: GENERATED_BITS });
  return encryptSecret(db, String(privateKey.export({ type: 'pkcs8', format: 'pem' })));
}

async function storedKey(db: Kysely<any>): Promise<string> {
  const existing = await readStored(db);
  if (existing) return existing;
  await sql`
    INSERT INTO instance_secrets (name, value) VALUES (${SECRET_NAME}, ${await newEncryptedKey(db)})
    ON CONFLICT (name) DO NOTHING
  `.execute(db);
  const value = await readStored(db);
  if (!value) throw new Error('the SNAP provider key could not be stored');
  return value;
}

/** Replaces the unreadable `stored` value (only that one: a concurrent start's new key stays). */
async function replaceStoredKey(db: Kysely<any>, stored: string): Promise<string> {
  await sql`
    UPDATE instance_secrets SET value = ${await newEncryptedKey(db)}
    WHERE name = ${SECRET_NAME} AND value = ${stored}
  `.execute(db);
  const value = await readStored(db);
  if (!value) throw new Error('the SNAP provider key could not be stored');
  return value;
}

/** The key pair of an RSA private key PEM; refuses anything else with a message naming `source`. */
export function providerKeyOf(pem: string, source: string): ProviderKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new Error(`${source} is not a PEM private key`);
  }
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (privateKey.asymmetricKeyType !== 'rsa' || bits < MIN_BITS) {
    throw new Error(`${source} must be an RSA key of at least ${MIN_BITS} bits`);
  }
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    privateKey,
    publicPem: String(publicKey.export({ type: 'spki', format: 'pem' })),
    fingerprint: createHash('sha256').update(der).digest('hex'),
  };
}
