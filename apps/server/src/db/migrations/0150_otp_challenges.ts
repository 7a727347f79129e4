import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * One table for every e-mailed OTP (platform/otp): `otp_challenges` replaces `withdraw_otps`,
 * `remittance_otps` and `credential_otps`. Every row of the old tables moves, so a live OTP keeps
 * working, a used one still answers a replay of the payment it confirmed, and the refusal of an
 * old one stays the same. The hashes move unchanged: each purpose keeps the HMAC input of its old
 * table (withdraw and remittance: tag and public id; credential: also user and action, which
 * becomes the subject). The wrong codes of a credential OTP were counted in the guess budget
 * `credential_otp`: they move to `wrong_tries` (a locked OTP stays locked) and the budget goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE otp_challenges (
      id bigserial PRIMARY KEY,
      purpose text NOT NULL,
      subject text NOT NULL,
      user_id bigint NOT NULL REFERENCES users(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      public_id text NOT NULL UNIQUE,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      wrong_tries integer NOT NULL DEFAULT 0 CHECK (wrong_tries >= 0),
      used_at timestamptz,
      superseded_at timestamptz
    );
    CREATE INDEX otp_challenges_subject_idx ON otp_challenges (purpose, subject, id DESC);

    INSERT INTO otp_challenges (purpose, subject, user_id, environment, public_id, code_hash,
        created_at, expires_at, wrong_tries, used_at, superseded_at)
      SELECT 'withdraw', o.inquiry_id::text, o.user_id, i.environment, o.public_id, o.code_hash,
        o.created_at, o.expires_at, o.wrong_tries, o.used_at, o.superseded_at
      FROM withdraw_otps o JOIN withdraw_inquiries i ON i.id = o.inquiry_id
      ORDER BY o.id;

    INSERT INTO otp_challenges (purpose, subject, user_id, environment, public_id, code_hash,
        created_at, expires_at, wrong_tries, used_at, superseded_at)
      SELECT 'remittance', o.inquiry_id::text, o.user_id, i.environment, o.public_id, o.code_hash,
        o.created_at, o.expires_at, o.wrong_tries, o.used_at, o.superseded_at
      FROM remittance_otps o JOIN remittance_inquiries i ON i.id = o.inquiry_id
      ORDER BY o.id;

    INSERT INTO otp_challenges (purpose, subject, user_id, environment, public_id, code_hash,
        created_at, expires_at, wrong_tries, used_at, superseded_at)
      SELECT 'credential', o.action, o.user_id, o.environment, o.id_otp, o.code_hash,
        o.created_at, o.expires_at,
        LEAST(5, (SELECT count(*) FROM guess_tries g
          WHERE g.scope = 'credential_otp' AND g.key = lower(o.id_otp)
            AND g.failed_at IS NOT NULL))::integer,
        o.used_at, NULL
      FROM credential_otps o
      ORDER BY o.id;

    DELETE FROM guess_tries WHERE scope = 'credential_otp';
    DELETE FROM guess_budgets WHERE scope = 'credential_otp';

    DROP TABLE withdraw_otps;
    DROP TABLE remittance_otps;
    DROP TABLE credential_otps;
    `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE withdraw_otps (
      id bigserial PRIMARY KEY,
      public_id text NOT NULL UNIQUE,
      inquiry_id bigint NOT NULL REFERENCES withdraw_inquiries(id),
      user_id bigint NOT NULL REFERENCES users(id),
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      wrong_tries integer NOT NULL DEFAULT 0,
      used_at timestamptz,
      superseded_at timestamptz
    );
    CREATE INDEX withdraw_otps_inquiry_idx ON withdraw_otps (inquiry_id, id DESC);
    INSERT INTO withdraw_otps (public_id, inquiry_id, user_id, code_hash, created_at, expires_at,
        wrong_tries, used_at, superseded_at)
      SELECT public_id, subject::bigint, user_id, code_hash, created_at, expires_at, wrong_tries,
        used_at, superseded_at
      FROM otp_challenges WHERE purpose = 'withdraw' ORDER BY id;

    CREATE TABLE remittance_otps (
      id bigserial PRIMARY KEY,
      public_id text NOT NULL UNIQUE,
      inquiry_id bigint NOT NULL REFERENCES remittance_inquiries(id),
      user_id bigint NOT NULL REFERENCES users(id),
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      wrong_tries integer NOT NULL DEFAULT 0,
      used_at timestamptz,
      superseded_at timestamptz
    );
    CREATE INDEX remittance_otps_inquiry_idx ON remittance_otps (inquiry_id);
    INSERT INTO remittance_otps (public_id, inquiry_id, user_id, code_hash, created_at,
        expires_at, wrong_tries, used_at, superseded_at)
      SELECT public_id, subject::bigint, user_id, code_hash, created_at, expires_at, wrong_tries,
        used_at, superseded_at
      FROM otp_challenges WHERE purpose = 'remittance' ORDER BY id;

    CREATE TABLE credential_otps (
      id bigserial PRIMARY KEY,
      id_otp text NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users(id),
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      action text NOT NULL,
      code_hash text NOT NULL,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX credential_otps_user_idx ON credential_otps (user_id, created_at DESC);
    INSERT INTO credential_otps (id_otp, user_id, agent_id, environment, action, code_hash, email,
        expires_at, used_at, created_at)
      SELECT o.public_id, o.user_id, u.agent_id, o.environment, o.subject, o.code_hash, u.username,
        CASE WHEN o.superseded_at IS NULL THEN o.expires_at
          ELSE LEAST(o.expires_at, o.superseded_at) END,
        o.used_at, o.created_at
      FROM otp_challenges o JOIN users u ON u.id = o.user_id
      WHERE o.purpose = 'credential' ORDER BY o.id;

    DROP TABLE otp_challenges;
    `,
  );
}
