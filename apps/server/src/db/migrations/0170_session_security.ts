import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Sessions you can see and end (ADR 011):
 * - `sessions.device` / `place`: the browser and OS read from the User-Agent and a rough place
 *   from the IP, fixed at login (the sessions page shows them; a device label never seen on the
 *   user's earlier sessions sends the new-device mail).
 * - `sessions.reauth_at`: the last password re-entry on this session, the short-lived proof
 *   that e-mail, password, factor and key changes ask for (platform/session/reauth.ts).
 * - `agents.portal_idle_minutes`: the idle timeout the agent's main user chose for its users
 *   (null: the installation's SESSION_IDLE_MINUTES).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE sessions ADD COLUMN device text NOT NULL DEFAULT '';
    ALTER TABLE sessions ADD COLUMN place text NOT NULL DEFAULT '';
    ALTER TABLE sessions ADD COLUMN reauth_at timestamptz;
    ALTER TABLE agents ADD COLUMN portal_idle_minutes integer
      CHECK (portal_idle_minutes BETWEEN 5 AND 240);
    `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE agents DROP COLUMN portal_idle_minutes;
    ALTER TABLE sessions DROP COLUMN reauth_at;
    ALTER TABLE sessions DROP COLUMN place;
    ALTER TABLE sessions DROP COLUMN device;
    `,
  );
}
