import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';
import { syncModules } from './0002_permissions';

/**
 * The beneficiary book and the name check at use (ADR 016):
 * - `favourite_accounts` (spec 02 §3's favourite list, migration 0030) BECOMES the book: every
 *   favourite is a beneficiary as it stands, the spec's routes read the same rows. It gains a
 *   label, tags, the VA kind (a bank virtual account) and when its name was last checked.
 *   `accountname` is the name the account inquiry returned when the beneficiary was saved.
 * - `withdraw_inquiries.beneficiary_id/_name`: the beneficiary an inquiry was made for and its
 *   saved name, so the payout opened from it (a withdrawal, a domestic order line) carries both to
 *   the pipeline's name check.
 * - `name_checks`: a payout held because the inquiry's name differed from the saved name (its rail
 *   submission stays APPROVAL, which no worker claims, until released or rejected).
 * - Modules: `name_mismatch` OVERRIDE (who may release such a payout) and `balance_view` READ (the
 *   "no balance" flag: denied, the user sees transactions but no balance). Existing sub-users are
 *   denied OVERRIDE (nobody gains the right to release money by the upgrade) and keep balances.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE favourite_accounts DROP CONSTRAINT IF EXISTS favourite_accounts_type_check;
    ALTER TABLE favourite_accounts ADD CONSTRAINT favourite_accounts_type_check
      CHECK (type IN ('BANK', 'EWALLET', 'VA'));
    ALTER TABLE favourite_accounts ADD COLUMN label text NOT NULL DEFAULT '';
    ALTER TABLE favourite_accounts ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
    ALTER TABLE favourite_accounts ADD COLUMN checked_at timestamptz;

    ALTER TABLE withdraw_inquiries ADD COLUMN beneficiary_id bigint;
    ALTER TABLE withdraw_inquiries ADD COLUMN beneficiary_name text;

    CREATE TABLE name_checks (
      submission_id bigint PRIMARY KEY REFERENCES rail_submissions(id),
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      reference text NOT NULL,
      beneficiary_id bigint,
      saved_name text NOT NULL,
      found_name text NOT NULL,
      amount bigint NOT NULL,
      destination text NOT NULL,
      maker_user_id bigint REFERENCES users(id),
      -- Whether the approval gate looks at the payout once released (as the opening chose).
      approval text NOT NULL CHECK (approval IN ('policy', 'none')),
      status text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'RELEASED', 'REJECTED')),
      decided_by bigint REFERENCES users(id),
      decided_at timestamptz,
      reason text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX name_checks_waiting_idx ON name_checks (agent_id, environment, status, created_at);
    `,
  );
  await syncModules(db);
  await execScript(
    db,
    `
    INSERT INTO user_module_denials (user_id, module_id, action)
    SELECT u.id, 132, 'OVERRIDE' FROM users u WHERE u.parent_user_id IS NOT NULL
    ON CONFLICT DO NOTHING;
    `,
  );
}
