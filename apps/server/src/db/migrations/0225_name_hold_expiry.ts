import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * A name-mismatch hold nobody decides ends like an approval nobody decides (ADR 016): it expires
 * after the agent's approval expiry (default 24 h), its held money goes back and the maker is
 * mailed. Holds waiting at upgrade get the expiry their agent's policy gives from their creation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE name_checks ADD COLUMN expires_at timestamptz;
    UPDATE name_checks n
       SET expires_at = n.created_at + make_interval(hours => coalesce(
             (SELECT (p.rules->>'expiry_hours')::int FROM approval_policies p
               WHERE p.agent_id = n.agent_id AND p.environment = n.environment), 24));
    ALTER TABLE name_checks ALTER COLUMN expires_at SET NOT NULL;
    ALTER TABLE name_checks DROP CONSTRAINT IF EXISTS name_checks_status_check;
    ALTER TABLE name_checks ADD CONSTRAINT name_checks_status_check
      CHECK (status IN ('WAITING', 'RELEASED', 'REJECTED', 'EXPIRED'));
    CREATE INDEX name_checks_due_idx ON name_checks (expires_at) WHERE status = 'WAITING';
    `,
  );
}
