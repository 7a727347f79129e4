import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { PoolStats } from '../platform/metrics/metrics';
import { FailoverPool, parseHostList } from './multi-host';
import { nameMarkedStatements } from './prepared-statements';
import type { Database } from './schema';
import { traceStatements } from './sql-trace';

/** PostgreSQL type ids whose text form we turn into JS numbers: int8 (count, bigint) and numeric (sum). */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * int8 and numeric arrive as strings from `pg` and as numbers or BigInt from PGlite. We normalise
 * both to `number`: money is whole rupiah far below 2^53, and a value that is not a safe integer
 * would be a bug we want to see, not silently round.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`int8 value out of the safe range: ${text}`);
  return value;
}

function parseNumeric(text: string): number {
  // sum() over bigint columns returns numeric; it is integral for rupiah. Averages may not be.
  return Number(text);
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** The pool's connections right now (PostgreSQL only; the metrics read it at scrape). */
  poolStats?: () => PoolStats;
}

export interface ConnectOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Count statements, written to this file on SIGUSR2 (db/sql-trace.ts; benches only). */
  sqlTraceFile?: string | null;
  /** Named prepared statements for marked statements (prepared-statements.ts); default on. */
  preparedStatements?: boolean;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Told when PostgreSQL drops an idle pooled connection (restart, failover, admin). */
  onConnectionLost?: (error: Error) => void;
  /** An in-memory PGlite starts from this dumped data directory (the test suite's migrated copy). */
  pgliteLoadDataDir?: Blob;
}

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const poolConfig: pg.PoolConfig = {
      max: options.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8_OID) return parseInt8;
          if (oid === NUMERIC_OID) return parseNumeric;
          return pg.types.getTypeParser(oid, format as 'text');
        }) as typeof pg.types.getTypeParser,
      },
    };
    // An idle connection that the server ends (restart, failover, a dropped test database) is an
    // 'error' event on the pool: without a listener it would crash the process. The pool makes a
    // new connection for the next query (and drops a client whose connection broke in use).
    const preparePool = (pool: pg.Pool) => {
      pool.on('error', (error) => options.onConnectionLost?.(error));
      // A client checked out but between queries (inside a transaction that awaits a rail call,
      // a cursor between batches) has no pool listener: its connection dying would be an
      // unhandled 'error' event that ends the process (seen in the failover test). Told here;
      // the client is no longer queryable and the pool drops it when it is released.
      pool.on('connect', (client) => {
        client.on('error', (error) => options.onConnectionLost?.(error));
      });
      if (options.preparedStatements !== false) nameMarkedStatements(pool);
      if (options.sqlTraceFile) traceStatements(pool, options.sqlTraceFile);
    };
    // A multi-host URL (target_session_attrs=read-write) goes to the host that is read-write now
    // and follows a failover (multi-host.ts, ADR 013); a plain URL is one ordinary pool.
    const hostList = parseHostList(options.databaseUrl);
    const pool = hostList
      ? new FailoverPool({
          list: hostList,
          poolConfig,
          onPool: preparePool,
          onSwitch: (reason) => options.onConnectionLost?.(new Error(`switching host: ${reason}`)),
        })
      : new pg.Pool({ ...poolConfig, connectionString: options.databaseUrl });
    if (!hostList) preparePool(pool as pg.Pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const max = options.poolSize ?? 10;
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      }),
    };
  }

  // Loaded only when used: a PostgreSQL process (API or export worker) never pays PGlite's ~50 MB.
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('kysely-pglite-dialect'),
  ]);
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite(inMemory ? undefined : options.dataDir, {
    parsers: { [INT8_OID]: parseInt8, [NUMERIC_OID]: parseNumeric },
    ...(inMemory && options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
