import { EVENT_REPLAY_MAX } from '@gerbang/shared/contract/events';
import { type Kysely, sql } from 'kysely';
import type { StoredEvent } from './events-table';

export type ReplayFilter =
  | { agentId: number; environment: string; types: readonly string[] }
  | { subject: string };

/**
 * The events after `lastId` up to `upTo` (what the hub has read) for one stream, from the table:
 * `null` when the window cannot cover it — older than the oldest kept event (the 24 h retention)
 * or more than EVENT_REPLAY_MAX of the stream's events — and the page must reload instead.
 */
export async function replayEvents(
  db: Kysely<any>,
  filter: ReplayFilter,
  lastId: number,
  upTo: number,
): Promise<StoredEvent[] | null> {
  const oldest = await sql<{ min: number | null }>`select min(id) as min from events`.execute(db);
  const kept = Number(oldest.rows[0]?.min ?? upTo + 1);
  // Ids between lastId and the oldest kept row were pruned: some may have been this stream's.
  if (lastId + 1 < kept) return null;
  let query = db
    .selectFrom('events')
    .select(['id', 'agent_id', 'environment', 'type', 'subject', 'payload'])
    .where('id', '>', lastId)
    .where('id', '<=', upTo);
  query =
    'subject' in filter
      ? query.where('subject', '=', filter.subject)
      : query
          .where('agent_id', '=', filter.agentId)
          .where('environment', '=', filter.environment)
          .where('type', 'in', [...filter.types]);
  const rows = (await query
    .orderBy('id')
    .limit(EVENT_REPLAY_MAX + 1)
    .execute()) as StoredEvent[];
  return rows.length > EVENT_REPLAY_MAX ? null : rows;
}
