import { type Kysely, sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/schema';

/**
 * The server's Prometheus metrics (prom-client, served at GET /metrics by http/metrics-route.ts).
 * One registry per process — never prom-client's global one, so several apps in one test process
 * do not share counters. What is counted in the process (requests, job passes) is kept in memory;
 * what belongs to the whole deployment (job backlogs, ledger transfers, replication lag) is read
 * from the database when Prometheus scrapes, so every process reports the same truth.
 */

/** A job's work that is due and not done yet (jobs/job.ts `backlog`). */
export interface Backlog {
  waiting: number;
  /** When the oldest waiting item became due; null when nothing waits. */
  oldestDueAt: Date | null;
}

/** What a connection pool says about itself (node-postgres; PGlite has none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Metrics {
  registry: Registry;
  /** One answered HTTP request: its route pattern (not the URL, which holds ids), status, time. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One pass of a background job and how it ended. */
  observeJobPass(job: string, outcome: 'ok' | 'failed', seconds: number): void;
  /** A job whose backlog is read at scrape time. */
  trackBacklog(job: string, read: () => Promise<Backlog>): void;
}

/** Request durations: a balance poll takes milliseconds, an export or a PDF seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60];

type Read = <T>(metric: string, read: () => Promise<T>) => Promise<T | null>;

interface Options {
  db: Kysely<Database>;
  dbKind: 'postgres' | 'pglite';
  now: () => Date;
  pool?: () => PoolStats;
  /** The read replica's lag as its last check saw it (platform/read-replica.ts). */
  replicaLag?: () => number | null;
}

export function createMetrics(opts: Options): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gerbang_' });
  const scrapeErrors = new Counter({
    name: 'gerbang_metrics_read_errors_total',
    help: 'Scrape-time database reads that failed (the series they feed are left out of that scrape)',
    labelNames: ['metric'] as const,
    registers: [registry],
  });
  /** A database read at scrape: a failure (database down) drops its series, not the scrape. */
  const fromDatabase: Read = (metric, read) =>
    read().catch(() => {
      scrapeErrors.inc({ metric });
      return null;
    });
  const { requests, errors, duration, jobPasses, jobDuration } = inProcessInstruments(registry);
  const backlogs = backlogGauges(registry, fromDatabase, opts.now);
  databaseGauges(registry, fromDatabase, opts);

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
      if (status >= 500) errors.inc({ method, route });
    },
    observeJobPass(job, outcome, seconds) {
      jobPasses.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
    trackBacklog(job, read) {
      backlogs.set(job, read);
    },
  };
}

/** What this process counts itself: requests answered and job passes. */
function inProcessInstruments(registry: Registry) {
  const requests = new Counter({
    name: 'gerbang_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'gerbang_http_request_errors_total',
    help: 'HTTP requests answered with a server error (5xx), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'gerbang_http_request_duration_seconds',
    help: 'Time from request to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobPasses = new Counter({
    name: 'gerbang_job_passes_total',
    help: 'Background job passes, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'gerbang_job_pass_duration_seconds',
    help: 'Time one background job pass took',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  return { requests, errors, duration, jobPasses, jobDuration };
}

/** Job backlogs and lags, read at scrape through each job's `backlog` reader. */
function backlogGauges(registry: Registry, fromDatabase: Read, now: () => Date) {
  const backlogs = new Map<string, () => Promise<Backlog>>();
  // Both backlog gauges of one scrape share one read (prom-client collects metrics in parallel).
  let reading: Promise<{ job: string; backlog: Backlog }[]> | null = null;
  const readBacklogs = () => {
    reading ??= Promise.all(
      [...backlogs].map(async ([job, read]) => ({ job, backlog: await read() })),
    ).finally(() => {
      reading = null;
    });
    return reading;
  };
  new Gauge({
    name: 'gerbang_job_backlog',
    help: 'Items due and not done yet, per background job (read from the database at scrape)',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const read = await fromDatabase('gerbang_job_backlog', readBacklogs);
      for (const { job, backlog } of read ?? []) this.set({ job }, backlog.waiting);
    },
  });
  new Gauge({
    name: 'gerbang_job_lag_seconds',
    help: 'How long the oldest due item of each background job has waited (0 when none waits)',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const read = await fromDatabase('gerbang_job_lag_seconds', readBacklogs);
      const at = now().getTime();
      for (const { job, backlog } of read ?? []) {
        const oldest = backlog.oldestDueAt ? new Date(backlog.oldestDueAt).getTime() : at;
        this.set({ job }, Math.max(0, (at - oldest) / 1000));
      }
    },
  });
  return backlogs;
}

/** What the database knows for the whole deployment: ledger transfers, pool, replication. */
function databaseGauges(registry: Registry, fromDatabase: Read, opts: Options) {
  if (opts.replicaLag) {
    const lag = opts.replicaLag;
    new Gauge({
      name: 'gerbang_db_replica_lag_seconds',
      help: 'How far the read replica (DATABASE_REPLICA_URL) is behind, as this process last saw it (-1: unreachable)',
      registers: [registry],
      collect() {
        this.set(lag() ?? -1);
      },
    });
  }
  new Gauge({
    name: 'gerbang_ledger_transfers_inserted',
    help: "Ledger transfers inserted, from PostgreSQL's table statistics (read at scrape; rate() gives transfers per second; resets with the statistics)",
    registers: [registry],
    async collect() {
      this.reset();
      const row = await fromDatabase('gerbang_ledger_transfers_inserted', () =>
        sql<{ n: number | null }>`
          select n_tup_ins::int8 as n from pg_stat_user_tables
          where relname = 'ledger_transfers' order by n_tup_ins desc limit 1`.execute(opts.db),
      );
      if (row) this.set(Number(row.rows[0]?.n ?? 0));
    },
  });
  if (opts.pool) {
    const pool = opts.pool;
    new Gauge({
      name: 'gerbang_db_pool_connections',
      help: 'Database pool connections of this process, by state (busy, idle, max) and requests waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'busy' }, s.total - s.idle);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
        this.set({ state: 'max' }, s.max);
      },
    });
  }
  if (opts.dbKind === 'postgres') {
    new Gauge({
      name: 'gerbang_db_replication_lag_seconds',
      help: 'Replay lag of each standby as the primary sees it (pg_stat_replication; none without standbys)',
      labelNames: ['standby'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await fromDatabase('gerbang_db_replication_lag_seconds', () =>
          sql<{ standby: string; lag: number | null }>`
            select application_name as standby,
              extract(epoch from coalesce(replay_lag, interval '0'))::float8 as lag
            from pg_stat_replication`.execute(opts.db),
        );
        for (const row of rows?.rows ?? [])
          this.set({ standby: row.standby }, Number(row.lag ?? 0));
      },
    });
  }
}
