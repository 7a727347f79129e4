import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Bulk virtual accounts (modules/bulk-va):
 * - `va_bulk_groups`: one saved upload (name, description, how many rows); its `va_requests` rows
 *   point at it through `group_id` (the data page shows `group_name`, kept as it was).
 * - `transaction_pins`: the transaction PIN of a user, hashed like a password. Until the
 *   credentials issue lets users set it, the demo seed sets one for the demo users.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE va_bulk_groups (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint NOT NULL REFERENCES users(id),
      group_name text NOT NULL,
      group_desc text NOT NULL,
      row_count integer NOT NULL CHECK (row_count > 0),
      created_at timestamptz NOT NULL
    );
    CREATE INDEX va_bulk_groups_agent_idx ON va_bulk_groups (agent_id, environment, id DESC);
    ALTER TABLE va_requests ADD COLUMN group_id bigint REFERENCES va_bulk_groups(id);
    CREATE INDEX va_requests_group_idx ON va_requests (group_id) WHERE group_id IS NOT NULL;

    CREATE TABLE transaction_pins (
      user_id bigint PRIMARY KEY REFERENCES users(id),
      pin_hash text NOT NULL,
      updated_at timestamptz NOT NULL
    );
  `,
  );
}
