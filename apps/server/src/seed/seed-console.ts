import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_PASSWORD } from './demo-users';

/** The console's demo staff member: full console rights, the demo password. */
export const DEMO_STAFF = { email: 'ops@demo.id', nama: 'Ops Demo', role: 'admin' } as const;

export async function seedConsoleStaff(db: Kysely<Database>): Promise<void> {
  const exists = await db
    .selectFrom('staff_users')
    .select('id')
    .where('email', '=', DEMO_STAFF.email)
    .executeTakeFirst();
  if (exists) return;
  await db
    .insertInto('staff_users')
    .values({ ...DEMO_STAFF, password_hash: await hashPassword(DEMO_PASSWORD) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
