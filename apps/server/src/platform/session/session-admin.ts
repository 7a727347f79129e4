import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The open sessions of some users, for the sessions page and the console. Ending one sets
 * `revoked_at`: `loadSession` reads the row on every request (nothing is cached, on any process),
 * so the next request of that session answers 401 wherever it lands.
 */
export function openSessionsOf(db: Kysely<Database>, userIds: readonly number[], now: Date) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      'u.username',
      'u.nama',
      's.device',
      's.ip',
      's.place',
      's.created_at',
      's.last_seen_at',
    ])
    .where('s.user_id', 'in', [...userIds])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .orderBy('s.last_seen_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(200)
    .execute();
}

/** Ends the open sessions among `sessionIds` that belong to `userIds`; answers how many ended. */
export async function endSessions(
  db: Kysely<Database>,
  filter: { userIds: readonly number[]; sessionIds?: readonly number[]; exceptId?: number },
  now: Date,
): Promise<number> {
  if (filter.userIds.length === 0 || filter.sessionIds?.length === 0) return 0;
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', 'in', [...filter.userIds])
    .where('revoked_at', 'is', null);
  if (filter.sessionIds) query = query.where('id', 'in', [...filter.sessionIds]);
  if (filter.exceptId !== undefined) query = query.where('id', '!=', filter.exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A login from a device label the user's earlier sessions never had (the first login ever is
 * not "new": there is nothing to compare with). Read after the new session was inserted.
 */
export async function isNewDevice(
  db: Kysely<Database>,
  userId: number,
  sessionId: number,
  device: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select([
      sql<number>`count(*)::int`.as('earlier'),
      sql<number>`count(*) filter (where device = ${device})::int`.as('same'),
    ])
    .where('user_id', '=', userId)
    .where('id', '!=', sessionId)
    .executeTakeFirstOrThrow();
  return Number(row.earlier) > 0 && Number(row.same) === 0;
}
