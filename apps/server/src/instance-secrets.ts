import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Config } from './config';

const SECRET_NAMES = { session: 'session_secret', captcha: 'captcha_secret' } as const;

/**
 * The secret called `name` of this installation: generated once, on the first start, and read
 * back on every later one. Concurrent first starts (several processes on one PostgreSQL) agree:
 * the insert keeps the first value and everyone reads that one.
 */
async function storedSecret(db: Kysely<any>, name: string): Promise<string> {
  await sql`
    INSERT INTO instance_secrets (name, value)
    VALUES (${name}, ${randomBytes(32).toString('hex')})
    ON CONFLICT (name) DO NOTHING
  `.execute(db);
  const row = await sql<{ value: string }>`
    SELECT value FROM instance_secrets WHERE name = ${name}
  `.execute(db);
  const value = row.rows[0]?.value;
  if (!value) throw new Error(`instance secret ${name} could not be stored`);
  return value;
}

/**
 * Demo mode without SESSION_SECRET / CAPTCHA_SECRET: the secrets its first start generated, kept
 * in its database (the PGlite data directory, or the demo PostgreSQL database), so inquiry
 * checksums, OTP hashes, export links and captcha challenges issued before a restart verify after
 * it. Configured secrets always win; test mode stays random per process; production never gets
 * here (it refuses to start without configured secrets).
 */
export async function withInstanceSecrets(db: Kysely<any>, config: Config): Promise<Config> {
  if (config.mode !== 'demo' || config.generatedSecrets.length === 0) return config;
  const resolved: Config = { ...config, generatedSecrets: [] };
  for (const kind of config.generatedSecrets) {
    const value = await storedSecret(db, SECRET_NAMES[kind]);
    if (kind === 'session') resolved.sessionSecret = value;
    else resolved.captchaSecret = value;
  }
  return resolved;
}
