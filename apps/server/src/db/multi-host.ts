import pg from 'pg';

/**
 * A multi-host PostgreSQL URL (`postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write`,
 * libpq's form) for node-postgres, which does not read one: pg-connection-string 2.x throws
 * "Invalid URL" on the comma list and has no `target_session_attrs` (checked with pg 8.23). This is
 * the smallest layer that gives the server libpq's behaviour (ADR 013): one ordinary `pg.Pool` on
 * the host that is read-write now; when a connection to it fails or it answers "read-only
 * transaction" (a demoted primary, or a promoted standby that pg_auto_failover keeps read-only
 * until the old primary is fenced), the pool is dropped and the hosts are asked again.
 */

export interface HostList {
  /** One single-host URL per host, in the URL's order, without target_session_attrs. */
  hosts: string[];
  /** `read-write` (or `primary`): only a host that accepts writes will do. */
  readWrite: boolean;
}

/** Splits a libpq multi-host URL; `null` for a plain single-host URL without target_session_attrs. */
export function parseHostList(url: string): HostList | null {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/.exec(url);
  if (!match) return null;
  const [, scheme, userinfo = '', hostPart = '', rest = ''] = match;
  const queryStart = rest.indexOf('?');
  const path = queryStart < 0 ? rest : rest.slice(0, queryStart);
  const params = new URLSearchParams(queryStart < 0 ? '' : rest.slice(queryStart + 1));
  const attrs = params.get('target_session_attrs');
  const hosts = hostPart.split(',').filter((h) => h.length > 0);
  if (hosts.length <= 1 && attrs === null) return null;
  params.delete('target_session_attrs');
  const query = params.toString();
  return {
    hosts: hosts.map((host) => `${scheme}${userinfo}${host}${path}${query ? `?${query}` : ''}`),
    readWrite: attrs === 'read-write' || attrs === 'primary',
  };
}

/** SQLSTATEs and socket errors after which the host we hold is no longer the one to use. */
const LOST_CODES = new Set([
  '25006', // read_only_sql_transaction: the host was demoted or is not yet writable
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '08000',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

/** Whether this error means the database connection (not the statement) failed. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  if (code && LOST_CODES.has(code)) return true;
  // node-postgres' own words for a socket that closed under a query or a connect that timed out.
  return /Connection terminated|connection timeout|Client has encountered a connection error|no read-write PostgreSQL/i.test(
    error.message,
  );
}

export interface FailoverPoolOptions {
  list: HostList;
  /** Options of every per-host pool (size, type parsers, …); the URL comes from the list. */
  poolConfig: pg.PoolConfig;
  /** Called with each per-host pool made (error listeners, statement tracing). */
  onPool?: (pool: pg.Pool) => void;
  /** Told when the held host is dropped and the hosts are asked again. */
  onSwitch?: (reason: string) => void;
  /** Asks for a read-write host this many times, 250 ms apart, before a connect fails. */
  findAttempts?: number;
}

const watched = new WeakSet<pg.PoolClient>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a host is: read-write, read-only (standby or fenced), or unreachable. */
async function probe(url: string, config: pg.PoolConfig): Promise<'rw' | 'ro' | 'down'> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: config.connectionTimeoutMillis ?? 2_000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ recovery: boolean; read_only: string }>(
      "select pg_is_in_recovery() as recovery, current_setting('transaction_read_only') as read_only",
    );
    const row = rows[0];
    return row && !row.recovery && row.read_only === 'off' ? 'rw' : 'ro';
  } catch {
    return 'down';
  } finally {
    client.end().catch(() => {});
  }
}

/**
 * The pool Kysely's PostgresDialect is given: `connect()` and `end()` (its `PostgresPool`).
 * Clients it hands out report connection errors back, so the next `connect()` looks again.
 */
export class FailoverPool {
  private current: { pool: pg.Pool; index: number } | null = null;
  private finding: Promise<{ pool: pg.Pool; index: number }> | null = null;
  private ended = false;

  constructor(private readonly options: FailoverPoolOptions) {}

  async connect(): Promise<pg.PoolClient> {
    const attempts = this.options.findAttempts ?? 40;
    let lastError: unknown = null;
    for (let attempt = 0; attempt < attempts && !this.ended; attempt++) {
      let held: { pool: pg.Pool; index: number };
      try {
        held = await this.primary();
      } catch (error) {
        lastError = error;
        await sleep(250);
        continue;
      }
      try {
        const client = await held.pool.connect();
        return this.watch(client, held.pool);
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        lastError = error;
        this.forget(held.pool, String((error as Error).message));
      }
    }
    throw lastError ?? new Error('no read-write PostgreSQL host');
  }

  /** pg.Pool's counts, of the pool on the current host (0 while there is none): for metrics. */
  get totalCount(): number {
    return this.current?.pool.totalCount ?? 0;
  }

  get idleCount(): number {
    return this.current?.pool.idleCount ?? 0;
  }

  get waitingCount(): number {
    return this.current?.pool.waitingCount ?? 0;
  }

  async end(): Promise<void> {
    this.ended = true;
    const held = this.current;
    this.current = null;
    if (held) await held.pool.end();
  }

  /** The pool of the host that is read-write now, looked for when there is none. */
  private primary(): Promise<{ pool: pg.Pool; index: number }> {
    if (this.current) return Promise.resolve(this.current);
    this.finding ??= this.find().finally(() => {
      this.finding = null;
    });
    return this.finding;
  }

  private async find(): Promise<{ pool: pg.Pool; index: number }> {
    const { list, poolConfig } = this.options;
    const states = await Promise.all(list.hosts.map((url) => probe(url, poolConfig)));
    const index = states.findIndex((s) => s === 'rw' || (!list.readWrite && s === 'ro'));
    if (index < 0) {
      throw Object.assign(new Error(`no read-write PostgreSQL host (${states.join(', ')})`), {
        code: '08000',
      });
    }
    const pool = new pg.Pool({ ...poolConfig, connectionString: list.hosts[index] });
    this.options.onPool?.(pool);
    this.current = { pool, index };
    return this.current;
  }

  /** Drops the held pool (once) so the next connect asks the hosts again. */
  private forget(pool: pg.Pool, reason: string): void {
    if (this.current?.pool !== pool) return;
    this.current = null;
    this.options.onSwitch?.(reason);
    // Its idle clients are closed; clients still checked out end when released.
    pool.end().catch(() => {});
  }

  /** Passes every query through, noting a connection error on the way back. */
  private watch(client: pg.PoolClient, pool: pg.Pool): pg.PoolClient {
    // A pooled client comes back many times: wrap it once.
    if (watched.has(client)) return client;
    watched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const note = (error: unknown) => {
      if (isConnectionError(error)) this.forget(pool, String((error as Error).message));
    };
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const result = query(...args) as { then?: unknown } | undefined;
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(undefined, note);
      }
      return result;
    };
    return client;
  }
}
