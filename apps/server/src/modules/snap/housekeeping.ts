import { wibDate } from '@gerbang/shared';
import { sql } from 'kysely';
import type { Services } from '../../http/services';

/**
 * What the partner API keeps only for a while, removed in bounded passes (the job
 * `jobs/snap-housekeeping.ts`; safe from several processes: each pass deletes what is already
 * out of date, twice is harmless):
 *
 * - access tokens an hour after they expired (a token is refused at its expiry anyway);
 * - X-EXTERNAL-ID reservations of days before yesterday (an id is unique per WIB day, so an older
 *   day can never conflict again);
 * - API log lines older than API_LOG_RETENTION_DAYS: the log page lists a partner's recent calls,
 *   not its whole history.
 */
export const API_LOG_RETENTION_DAYS = 90;
const TOKEN_GRACE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows one delete removes, so a backlog never holds a long lock. */
const BATCH = 5_000;

export interface SnapHousekeepingReport {
  tokens: number;
  externalIds: number;
  logLines: number;
}

export async function runOnce(services: Services): Promise<SnapHousekeepingReport> {
  const now = services.now();
  const tokens = await sql`
    delete from snap_tokens where token_hash in (
      select token_hash from snap_tokens
       where expires_at < ${new Date(now.getTime() - TOKEN_GRACE_MS)} limit ${BATCH})`.execute(
    services.db,
  );
  const externalIds = await sql`
    delete from snap_external_ids where ctid in (
      select ctid from snap_external_ids
       where day < ${wibDate(new Date(now.getTime() - DAY_MS))}::date limit ${BATCH})`.execute(
    services.db,
  );
  const logLines = await sql`
    delete from snap_api_log where id in (
      select id from snap_api_log
       where at < ${new Date(now.getTime() - API_LOG_RETENTION_DAYS * DAY_MS)}
       order by id limit ${BATCH})`.execute(services.db);
  return {
    tokens: Number(tokens.numAffectedRows ?? 0),
    externalIds: Number(externalIds.numAffectedRows ?? 0),
    logLines: Number(logLines.numAffectedRows ?? 0),
  };
}
