import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The provider console: staff are their own user type with their own sessions, so
 * no merchant row, session or cookie can ever reach a console route. Their permissions follow the
 * merchant model (a role grants module actions, a staff member may be denied some); the modules
 * are the console's own (`console_*`, modules/console/permissions.ts). `agents.portal_disabled`
 * is the console's switch that stops a merchant's portal logins and sessions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE staff_users (
      id bigserial PRIMARY KEY,
      email text NOT NULL,
      nama text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL,
      disabled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX staff_users_email_idx ON staff_users (lower(email));
    CREATE TABLE staff_role_access (
      role text NOT NULL,
      module text NOT NULL,
      actions text NOT NULL,
      PRIMARY KEY (role, module)
    );
    CREATE TABLE staff_denials (
      staff_id bigint NOT NULL REFERENCES staff_users(id),
      module text NOT NULL,
      action text NOT NULL,
      PRIMARY KEY (staff_id, module, action)
    );
    CREATE TABLE staff_sessions (
      id bigserial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      staff_id bigint NOT NULL REFERENCES staff_users(id),
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    ALTER TABLE agents ADD COLUMN portal_disabled boolean NOT NULL DEFAULT false;
    INSERT INTO staff_role_access (role, module, actions) VALUES
      ('admin', 'console_registrations', 'READ,UPDATE'),
      ('admin', 'console_nmid', 'READ,UPDATE'),
      ('admin', 'console_advance', 'READ,UPDATE'),
      ('admin', 'console_callbacks', 'READ'),
      ('admin', 'console_merchants', 'READ,UPDATE'),
      ('admin', 'console_content', 'READ,UPDATE'),
      ('admin', 'console_demo', 'READ,UPDATE');
  `,
  );
}
