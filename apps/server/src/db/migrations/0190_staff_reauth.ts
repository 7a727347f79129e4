import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Console staff re-authenticate like portal users (ADR 011): `staff_sessions.reauth_at`
 * is the last password re-entry on that staff session, the short-lived proof that factor changes
 * and ending other sessions ask for (platform/session/reauth.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(db, 'ALTER TABLE staff_sessions ADD COLUMN reauth_at timestamptz;');
}

export async function down(db: Kysely<any>): Promise<void> {
  await execScript(db, 'ALTER TABLE staff_sessions DROP COLUMN reauth_at;');
}
