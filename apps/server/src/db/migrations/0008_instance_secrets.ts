import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Secrets a demo installation generated for itself (a security finding): without SESSION_SECRET
 * and CAPTCHA_SECRET, demo mode generates them once and keeps them here, in the same database
 * (the PGlite data directory or the demo PostgreSQL database), so inquiry checksums, OTP hashes
 * and export links issued before a restart still verify after it. Production never reads this
 * table: its secrets come from the environment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE instance_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
