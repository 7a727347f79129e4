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
  // Session and user in one round trip: this runs on every request, the 10 s balance poll included.
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select([
      's.id as session_id',
      's.environment as session_environment',
      's.is_test as session_is_test',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
      's.last_seen_at as session_last_seen_at',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.session_revoked_at !== null) return null;
  if (row.session_expires_at.getTime() <= now.getTime()) return null;
  const idleForMs = now.getTime() - row.session_last_seen_at.getTime();
  if (idleForMs > idleMs) return null;
  const {
    session_id: sessionId,
    session_environment: environment,
    session_is_test: isTest,
    session_expires_at: _expiresAt,
    session_revoked_at: _revokedAt,
    session_last_seen_at: _lastSeenAt,
    ...user
  } = row;
  if (!user.portal_access) return null;
  // Touch at most once a minute: the balance poll every 10 s must not write on every call.
  if (idleForMs > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', sessionId)
      .execute();
  }

  const agent = await db
    .selectFrom('agents')
    .selectAll()
    .where('id', '=', user.agent_id)
    .executeTakeFirstOrThrow();
  const access = await loadAccessList(db, user.id, agent.id_grup);
  return {
    sessionId,
    environment,
    isTest,
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
