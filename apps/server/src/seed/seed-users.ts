import { findModule } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';

/** A demo user's row by its username (as seeded, lower case), if it exists. */
export function findDemoUser(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'agent_id'])
    .where(sql<string>`lower(username)`, '=', username)
    .executeTakeFirst();
}

/**
 * Creates the demo agents and users if they are missing; re-running changes nothing, so restarts
 * keep what people did in the demo. Returns the user ids by username.
 */
export async function seedDemoUsers(
  db: Kysely<Database>,
): Promise<Map<string, { userId: number; agentId: number }>> {
  const ids = new Map<string, { userId: number; agentId: number }>();
  // Hashed only when a user is missing: a later start finds them all, and argon2 is slow on purpose.
  let passwordHash: string | undefined;
  for (const demo of DEMO_USERS) {
    const existing = await findDemoUser(db, demo.username);
    if (existing) {
      ids.set(demo.username, { userId: existing.id, agentId: existing.agent_id });
      continue;
    }
    let agentId: number;
    let parentUserId: number | null = null;
    if (demo.parentOf) {
      const parent = ids.get(demo.parentOf);
      if (!parent)
        throw new Error(`demo parent ${demo.parentOf} must be seeded before ${demo.username}`);
      agentId = parent.agentId;
      parentUserId = parent.userId;
    } else {
      const aggregatorId = demo.memberOf ? (ids.get(demo.memberOf)?.agentId ?? null) : null;
      const { username: _ignored, ...agent } = demo.agent;
      const row = await db
        .insertInto('agents')
        .values({
          ...agent,
          username: demo.username,
          email: demo.username,
          aggregator_agent_id: aggregatorId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      agentId = row.id;
    }
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    const user = await db
      .insertInto('users')
      .values({
        agent_id: agentId,
        username: demo.username,
        nama: demo.nama,
        password_hash: passwordHash,
        parent_user_id: parentUserId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const denial of demo.denied ?? []) {
      const [moduleName, action] = denial.split(':');
      const module = findModule(moduleName);
      if (!module) throw new Error(`unknown module in demo denial: ${denial}`);
      await db
        .insertInto('user_module_denials')
        .values({ user_id: user.id, module_id: module.id, action })
        .execute();
    }
    ids.set(demo.username, { userId: user.id, agentId });
  }
  return ids;
}
