import { EVENT_RETENTION_HOURS } from '@gerbang/shared/contract/events';
import { type Kysely, sql } from 'kysely';

/** Rows deleted per statement: a pass never holds a long lock or a long transaction. */
const PRUNE_BATCH = 10_000;

/**
 * Deletes events older than the replay window (24 h). Against the database's own clock, not the
 * services clock: `created_at` is the database's commit-time `now()`, and the window is an
 * operating bound, not a business rule a test moves. Safe from several processes at once.
 */
export async function pruneEvents(db: Kysely<any>): Promise<{ deleted: number }> {
  let deleted = 0;
  for (let pass = 0; pass < 10; pass++) {
    const result = await sql`delete from events where id in (
        select id from events
        where created_at < now() - make_interval(hours => ${EVENT_RETENTION_HOURS})
        order by id limit ${PRUNE_BATCH})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    deleted += n;
    if (n < PRUNE_BATCH) break;
  }
  return { deleted };
}
