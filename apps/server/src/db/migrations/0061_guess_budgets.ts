import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Budgets of guesses: login per account name and per address, the own password, reset
 * mails. A try is reserved (a row in guess_tries) under a row lock on its budget BEFORE the secret
 * is compared, so parallel requests cannot all be compared; a right guess deletes its own try.
 * `key` is a normalised user name, a user id or an address, so unknown names are budgeted like
 * known ones. Password reset links can be revoked (a newer link or a used one revokes the others).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE guess_budgets (
      scope text NOT NULL,
      key text NOT NULL,
      locked_until timestamptz,
      PRIMARY KEY (scope, key)
    );

    CREATE TABLE guess_tries (
      id bigserial PRIMARY KEY,
      scope text NOT NULL,
      key text NOT NULL,
      created_at timestamptz NOT NULL,
      -- null while the guess is being compared, set when it proved wrong
      failed_at timestamptz
    );
    CREATE INDEX guess_tries_budget_idx ON guess_tries (scope, key, created_at);

    ALTER TABLE password_resets ADD COLUMN revoked_at timestamptz;
    CREATE INDEX password_resets_user_idx ON password_resets (user_id) WHERE used_at IS NULL AND revoked_at IS NULL;
  `,
  );
}
