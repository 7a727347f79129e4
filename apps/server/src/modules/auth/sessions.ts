import { type Environment, SESSION_TTL_MS } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth-context';
import { loadAccessList } from '../access/access-list';
import { hashToken, newToken } from './tokens';

export const SESSION_COOKIE = 'gerbang_session';

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** A session lasts one day from login (absolute), whatever the activity (spec 01 §9). */
export async function createSession(
  db: Kysely<Database>,
  input: { userId: number; isTest: boolean; ip: string; userAgent: string; now: Date },
): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      is_test: input.isTest,
      ip: input.ip,
      user_agent: input.userAgent.slice(0, 500),
      created_at: input.now,
      expires_at: expiresAt,
      last_seen_at: input.now,
    })
    .execute();
  return { token, expiresAt };
}

export async function loadSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
  idleMs: number = Number.POSITIVE_INFINITY,
): Promise<AuthContext | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.environment',
      's.is_test',
      's.expires_at',
      's.revoked_at',
      's.last_seen_at',
      'u.id as user_id',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.expires_at.getTime() <= now.getTime()) return null;
  if (now.getTime() - row.last_seen_at.getTime() > idleMs) return null;
  // Touch at most once a minute: the balance poll every 10 s must not write on every call.
  if (now.getTime() - row.last_seen_at.getTime() > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', row.session_id)
      .execute();
  }

  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!user?.portal_access) return null;
  const agent = await db
    .selectFrom('agents')
    .selectAll()
    .where('id', '=', user.agent_id)
    .executeTakeFirstOrThrow();
  const access = await loadAccessList(db, user.id, agent.id_grup);
  return {
    sessionId: row.session_id,
    environment: row.environment,
    isTest: row.is_test,
    user,
    agent,
    access,
  };
}

export async function revokeSession(
  db: Kysely<Database>,
  sessionId: number,
  now: Date,
): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
}

/** Ends every other session of the user, e.g. after a password change. */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  userId: number,
  keepSessionId: number | null,
  now: Date,
) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function setSessionEnvironment(
  db: Kysely<Database>,
  sessionId: number,
  environment: Environment,
) {
  await db.updateTable('sessions').set({ environment }).where('id', '=', sessionId).execute();
}
