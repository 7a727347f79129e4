import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_USERS } from './demo-users';

/**
 * The transaction PIN of every demo user (main users and sub-users, so every API-enabled demo user
 * has one); users change it with `control/generate_pin` on the credential page.
 */
export const DEMO_TRANSACTION_PIN = '123456';

/** Sets the demo PIN for demo users that have none; re-running changes nothing. */
export async function seedTransactionPins(db: Kysely<Database>, now: Date): Promise<void> {
  const usernames = DEMO_USERS.map((u) => u.username);
  const users = await db
    .selectFrom('users')
    .leftJoin('transaction_pins', 'transaction_pins.user_id', 'users.id')
    .select('users.id')
    .where('users.username', 'in', usernames)
    .where('transaction_pins.user_id', 'is', null)
    .execute();
  if (users.length === 0) return;
  const pinHash = await hashPassword(DEMO_TRANSACTION_PIN);
  await db
    .insertInto('transaction_pins')
    .values(users.map((u) => ({ user_id: u.id, pin_hash: pinHash, updated_at: now })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}
