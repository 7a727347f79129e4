import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The shared inquiry calls serve withdraw, domestic and bulk (spec 02 §7 `type_inq`): an inquiry
 * remembers its use, so a domestic inquiry can only become an order line and a withdraw inquiry
 * only a withdrawal. Existing inquiries are withdrawals.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE withdraw_inquiries ADD COLUMN type_inq text NOT NULL DEFAULT 'withdraw'
      CHECK (type_inq IN ('withdraw', 'domestic', 'bulk'));
  `,
  );
}
