import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Sign-up and activation. A sign-up waits in `signup_verifications` (the password
 * already hashed, the link's token as a SHA-256) until its single-use link is followed; only then
 * are the agent and its main user created. `registrations` holds what a new agent filled in
 * (PERSONAL or BUSINESS) and its review state; a business's documents are images checked by their
 * bytes, stored in the database (never under the web root) and shown only to console staff.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE signup_verifications (
      id bigserial PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      language text NOT NULL DEFAULT 'id',
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      agent_id bigint REFERENCES agents(id),
      created_at timestamptz NOT NULL
    );
    CREATE INDEX signup_verifications_email_idx ON signup_verifications (lower(email));
    CREATE TABLE registrations (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      kind text NOT NULL CHECK (kind IN ('PERSONAL', 'BUSINESS')),
      fields jsonb NOT NULL,
      -- draft: filled in, activation not asked yet (a business), then waiting, approved or rejected.
      status text NOT NULL CHECK (status IN ('draft', 'waiting', 'approved', 'rejected')),
      reason text,
      submitted_at timestamptz,
      decided_at timestamptz,
      decided_by bigint REFERENCES staff_users(id),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    -- One registration per agent: a resubmission updates it.
    CREATE UNIQUE INDEX registrations_agent_idx ON registrations (agent_id);
    CREATE INDEX registrations_waiting_idx ON registrations (submitted_at) WHERE status = 'waiting';
    CREATE TABLE registration_documents (
      id bigserial PRIMARY KEY,
      registration_id bigint NOT NULL REFERENCES registrations(id),
      kind text NOT NULL,
      mime text NOT NULL,
      size integer NOT NULL,
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (registration_id, kind)
    );
  `,
  );
}
