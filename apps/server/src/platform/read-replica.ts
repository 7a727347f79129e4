import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { connectDatabase } from '../db/connect';
import type { Database } from '../db/schema';

/**
 * A PostgreSQL streaming replica for reads that may lag (DATABASE_REPLICA_URL): the data pages,
 * the dashboard's summaries and reports, and export files. Never a balance before a money move,
 * never inside a transaction that writes: those always use the primary (`services.db`).
 *
 * Read-your-writes, two ways:
 * - a browser that has just written (any POST under /api) carries a short cookie for
 *   READ_YOUR_WRITES_MS, and its reads go to the primary meanwhile — the rule Rails'
 *   DatabaseSelector uses, here across processes because the cookie travels with the request;
 * - an export job waits until the replica has replayed the primary's WAL position taken when the
 *   job was claimed (`replayedUpTo`), so the file holds everything written before; it reads the
 *   primary when the replica does not get there within the allowed lag.
 * A replica that is down or further behind than REPLICA_MAX_LAG_MS is not used at all.
 */

export const RECENT_WRITE_COOKIE = 'gerbang_wrote';
/** How long after a write its author's reads stay on the primary. */
export const READ_YOUR_WRITES_MS = 5_000;
const CHECK_EVERY_MS = 2_000;

export interface Replica {
  db: Kysely<Database>;
  /** Seconds behind the primary at the last check; null while unknown or unreachable. */
  lagSeconds(): number | null;
  /** Reachable and within the allowed lag. */
  usable(): boolean;
  /** Waits (up to the allowed lag) until the replica has replayed the primary's WAL up to now. */
  replayedUpTo(primary: Kysely<Database>): Promise<boolean>;
  stop(): void;
}

/** Seconds behind: 0 when everything received is replayed, else the age of the last replay. */
const LAG_QUERY = sql<{ lag: number | null }>`
  select case
    when not pg_is_in_recovery() then 0
    when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
    else extract(epoch from now() - pg_last_xact_replay_timestamp())
  end::float8 as lag`;

export function startReplica(
  db: Kysely<Database>,
  opts: { maxLagMs: number; log: Logger },
): Replica {
  let lag: number | null = null;
  const check = async () => {
    try {
      const row = (await LAG_QUERY.execute(db)).rows[0];
      lag = row?.lag == null ? null : Number(row.lag);
    } catch (error) {
      if (lag !== null)
        opts.log.warn({ err: error }, 'read replica unreachable: reading the primary');
      lag = null;
    }
  };
  void check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  const usable = () => lag !== null && lag * 1000 <= opts.maxLagMs;
  return {
    db,
    lagSeconds: () => lag,
    usable,
    async replayedUpTo(primary) {
      if (!usable()) return false;
      const target = (
        await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary)
      ).rows[0]?.lsn;
      const deadline = performance.now() + opts.maxLagMs;
      while (performance.now() < deadline) {
        // Null on a server that is not a standby: it replays nothing, so it is never caught up.
        const row = (
          await sql<{ done: boolean | null }>`
            select pg_last_wal_replay_lsn() >= ${target}::pg_lsn as done`.execute(db)
        ).rows[0];
        if (row?.done) return true;
        if (row?.done == null) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
    stop: () => clearInterval(timer),
  };
}

/** The replica of DATABASE_REPLICA_URL, watched for lag; null without one or on PGlite. */
export async function connectReplica(
  config: Pick<Config, 'databaseReplicaUrl' | 'dataDir' | 'replicaMaxLagMs'>,
  log: Logger,
  poolSize?: number,
): Promise<{ replica: Replica; close(): Promise<void> } | null> {
  if (!config.databaseReplicaUrl) return null;
  const handle = await connectDatabase({
    databaseUrl: config.databaseReplicaUrl,
    dataDir: config.dataDir,
    poolSize,
    onConnectionLost: (error) => log.warn({ err: error }, 'read replica connection lost'),
  });
  const replica = startReplica(handle.db, { maxLagMs: config.replicaMaxLagMs, log });
  return {
    replica,
    close: async () => {
      replica.stop();
      await handle.close();
    },
  };
}

const cookieName = (mode: Config['mode']) =>
  `${mode === 'production' ? '__Host-' : ''}${RECENT_WRITE_COOKIE}`;

/** After a write: its author reads the primary for READ_YOUR_WRITES_MS. */
export function markRecentWrite(reply: FastifyReply, mode: Config['mode']): void {
  reply.setCookie(cookieName(mode), '1', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: mode === 'production',
    maxAge: READ_YOUR_WRITES_MS / 1000,
  });
}

/** The database a read that may lag goes to: the replica when usable and the reader did not just write. */
export function readDatabase(
  services: { db: Kysely<Database>; replica: Replica | null; config: Pick<Config, 'mode'> },
  req: Pick<FastifyRequest, 'cookies'>,
): Kysely<Database> {
  const replica = services.replica;
  if (!replica?.usable()) return services.db;
  if (req.cookies[cookieName(services.config.mode)]) return services.db;
  return replica.db;
}
