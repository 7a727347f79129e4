import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/** Agents, users, sessions, login throttling, captcha replay, password resets, mail outbox, audit, permissions. */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE agents (
      id bigserial PRIMARY KEY,
      username text NOT NULL UNIQUE,
      nama_agen text NOT NULL,
      email text NOT NULL,
      id_grup integer NOT NULL,
      enable_api boolean NOT NULL DEFAULT false,
      user_type text NOT NULL CHECK (user_type IN ('Business', 'Personal H2H', 'Personal END USER')),
      is_approved_kyc boolean NOT NULL DEFAULT false,
      status_reg boolean NOT NULL DEFAULT true,
      rule_show_balance integer NOT NULL DEFAULT 1,
      business_activated boolean NOT NULL DEFAULT true,
      referral_code text,
      aggregator_agent_id bigint REFERENCES agents(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX agents_aggregator_idx ON agents (aggregator_agent_id);

    CREATE TABLE users (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      username text NOT NULL,
      nama text NOT NULL,
      password_hash text NOT NULL,
      parent_user_id bigint REFERENCES users(id),
      sys_grup_user_id integer NOT NULL DEFAULT 1,
      is_test boolean NOT NULL DEFAULT false,
      portal_access boolean NOT NULL DEFAULT true,
      failed_login_count integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      language text NOT NULL DEFAULT 'id',
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_username_idx ON users (lower(username));
    CREATE INDEX users_parent_idx ON users (parent_user_id);

    CREATE TABLE sessions (
      id bigserial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      environment text NOT NULL DEFAULT 'production' CHECK (environment IN ('production', 'sandbox')),
      is_test boolean NOT NULL DEFAULT false,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);

    CREATE TABLE login_attempts (
      id bigserial PRIMARY KEY,
      username text NOT NULL,
      ip text NOT NULL,
      success boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);

    CREATE TABLE captcha_spent (
      signature text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );

    CREATE TABLE password_resets (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      body_text text NOT NULL,
      kind text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text
    );
    CREATE INDEX mail_outbox_to_idx ON mail_outbox (to_address, created_at DESC);

    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      agent_id bigint,
      user_id bigint,
      username text,
      action text NOT NULL,
      target text,
      detail jsonb NOT NULL DEFAULT '{}'::jsonb,
      ip text,
      user_agent text,
      environment text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_agent_idx ON audit_log (agent_id, created_at DESC);

    -- The audit log is append-only: history is evidence, so the database itself refuses edits.
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only';
    END;
    $$;
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

    CREATE TABLE modules (
      id integer PRIMARY KEY,
      name text NOT NULL UNIQUE,
      actions text NOT NULL
    );

    CREATE TABLE group_module_access (
      id_grup integer NOT NULL,
      module_id integer NOT NULL REFERENCES modules(id),
      actions text NOT NULL,
      PRIMARY KEY (id_grup, module_id)
    );

    CREATE TABLE user_module_denials (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      module_id integer NOT NULL REFERENCES modules(id),
      action text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, module_id, action)
    );
  `,
  );
}
