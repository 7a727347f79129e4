/**
 * Balance-poll benchmark: every logged-in page calls `GET /api/data/app_info_web`
 * every 10 s, so this one call sets how many users a process carries. The bench makes a fresh
 * PostgreSQL database, starts the real server (`apps/server/src/main.ts`, demo data, job loop on)
 * in a process of its own, logs in partner@demo.id 32 times (a session per connection) and drives
 * the call with autocannon
 * (32 connections, 10 s after a 2 s warm-up) from this process. Target: ≥ 5,000 requests/s.
 *
 *   npm run bench:poll     (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   POLL_BENCH_SECONDS=10 POLL_BENCH_CONNECTIONS=32 npm run bench:poll
 *   POLL_BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench:poll   (a CPU profile of the server)
 *
 * Then the same poll again while an export runs (target: p99 does not move): the partner gets
 * POLL_BENCH_EXPORT_ROWS transaction rows (default 300,000; 0 skips this part), the poll runs
 * once more on that data, then the data page's export button asks for every row and the poll runs
 * again from the moment the server's export thread has claimed the job; both p99s and their ratio
 * are printed, and whether the export was still running at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.POLL_BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.POLL_BENCH_CONNECTIONS ?? 32);
const SESSIONS = Number(process.env.POLL_BENCH_SESSIONS ?? 32);
const TEST_KEY = 'bench-test-key';
const TARGET = 5_000;
const EXPORT_ROWS = Number(process.env.POLL_BENCH_EXPORT_ROWS ?? 300_000);

async function dbQuery(database: string, text: string, params: unknown[] = []) {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** The partner's transaction rows for the export: spread over the last 80 days, varied. */
async function seedExportRows(database: string, rows: number) {
  await dbQuery(
    database,
    `insert into transactions (id_transaksi, agent_id, environment, kind, jenis_produk, jenis_trx,
       status_trx, time_request, transaction_date, nominal_origin, nominal_admin, customername,
       nama_produk, kodebank, namabank, invoicenumberext, keterangan)
     select 'POLLX' || lpad(i::text, 9, '0'), a.id, 'production', 'VA', 'IPG', 'CASH IN', 'SUCCESS',
       ts, ((ts at time zone 'UTC') + interval '7 hours')::date, 1000 + (i::bigint * 7919) % 25000000,
       2500, 'Budi Santoso ' || (i % 997)::text, 'Virtual Account Bank BCA', '014', 'Bank BCA',
       'INV/' || i::text, 'bench'
     from (select i, now() - (i::double precision / $1 * interval '80 days') as ts
           from generate_series(1, $1::int) as i) g,
          (select id from agents where username = 'partner@demo.id') a`,
    [rows],
  );
}

/** Asks for an export of every row of the transaction page; waits until the job is claimed. */
async function startExport(base: string, headers: Record<string, string>, database: string) {
  const day = (offset: number) =>
    new Date(Date.now() + 7 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
  const filters = JSON.stringify([
    { column: 'time_request', operator: 'between', value: `${day(90)},${day(0)}` },
  ]);
  const res = await fetch(
    `${base}/api/data/transaction?exportCsv=1&filters=${encodeURIComponent(filters)}`,
    { headers },
  );
  const body = (await res.json()) as { rc: string; data?: { id: number } };
  if (body.rc !== '00' || !body.data) throw new Error(`export request: ${JSON.stringify(body)}`);
  const id = body.data.id;
  await waitForJob(database, id, (status) => status >= 2, 'claimed within a minute');
  return id;
}

/**
 * Polls the export job's status every 100 ms until `reached` holds; fails when the job failed or
 * after `within` (one minute or five). Answers performance.now() at that moment.
 */
async function waitForJob(
  database: string,
  id: number,
  reached: (status: number) => boolean,
  within: 'claimed within a minute' | 'done within five minutes',
): Promise<number> {
  const polls = within === 'claimed within a minute' ? 600 : 3_000;
  for (let i = 0; i < polls; i++) {
    const row = await dbQuery(database, 'select status from export_jobs where id = $1', [id]);
    const status = Number(row.rows[0]?.status);
    if (status === 4) throw new Error('export failed');
    if (reached(status)) return performance.now();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`export job not ${within}`);
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Committed transactions of a database so far (each autocommit statement is one). */
async function commitsOf(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    // The statistics are flushed by each backend at most once a second (PostgreSQL 15+).
    await new Promise((r) => setTimeout(r, 1_100));
    const res = await client.query('select xact_commit from pg_stat_database where datname = $1', [
      database,
    ]);
    return Number(res.rows[0]?.xact_commit ?? 0);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(base: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/auth/csrf_token`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux); null elsewhere. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const cookiesOf = (res: Response) =>
  res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Logs partner@demo.id in through the real login (test-mode captcha key): the poll's headers. */
async function logIn(base: string): Promise<Record<string, string>> {
  const csrf = await fetch(`${base}/api/auth/csrf_token`);
  let cookies = cookiesOf(csrf);
  const csrfToken = cookies.find((c) => c.startsWith('gerbang_csrf='))?.split('=')[1] ?? '';
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      cookie: cookies.join('; '),
      'x-csrf-token': csrfToken,
      'content-type': 'application/json',
      origin: base,
    },
    body: JSON.stringify({
      username: 'partner@demo.id',
      password: 'Gerbang#Demo2026',
      captcha: TEST_KEY,
    }),
  });
  const loginBody = (await login.json()) as { rc: string };
  if (loginBody.rc !== '00') throw new Error(`login failed: ${JSON.stringify(loginBody)}`);
  cookies = [...cookies, ...cookiesOf(login)];
  return { cookie: cookies.join('; '), 'x-requested-with': 'XMLHttpRequest' };
}

/**
 * The poll again while an export of EXPORT_ROWS rows runs in the server, beside the same poll
 * just before it on the same data: the rows are seeded, vacuumed and checkpointed first, so
 * neither run pays for the seeding's aftermath (autovacuum, dirty pages), only the export differs.
 */
async function pollDuringExport(
  base: string,
  name: string,
  target: autocannon.Options,
  session: Record<string, string>,
) {
  const t0 = performance.now();
  await seedExportRows(name, EXPORT_ROWS);
  await dbQuery(name, 'vacuum analyze transactions');
  await dbQuery(name, 'checkpoint');
  console.log(
    `  with an export running: ${EXPORT_ROWS.toLocaleString('en')} rows seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const quiet = await run({ ...target, duration: SECONDS });
  const jobId = await startExport(base, session, name);
  const claimed = performance.now();
  const during = await run({ ...target, duration: SECONDS });
  const job = await dbQuery(name, 'select status, row_count from export_jobs where id = $1', [
    jobId,
  ]);
  const status = Number(job.rows[0]?.status);
  const ratio = during.latency.p99 / Math.max(1, quiet.latency.p99);
  console.log(
    `  during the export: ${Math.round(during.requests.average).toLocaleString('en')} requests/s, ` +
      `p50 ${during.latency.p50} ms  p99 ${during.latency.p99} ms; just before it: ` +
      `${Math.round(quiet.requests.average).toLocaleString('en')} requests/s, p99 ${quiet.latency.p99} ms ` +
      `→ ×${ratio.toFixed(2)} (target ≈ ×1)${ratio > 1.5 ? '  << p99 moved' : ''}; ` +
      `export ${status === 2 ? 'still running at the end' : status === 3 ? 'finished within the run' : `status ${status}`}; load average ${loadavg()[0].toFixed(1)}`,
  );
  const finished = await waitForJob(
    name,
    jobId,
    (status) => status === 3,
    'done within five minutes',
  );
  console.log(
    `  the export finished ${((finished - claimed) / 1000).toFixed(1)} s after it was claimed ` +
      `(the first ${SECONDS} s under the poll; it gives way to a busy API, ADR 027)`,
  );
  if (quiet.non2xx + quiet.errors + quiet.timeouts > 0) throw new Error('failed requests');
  if (during.non2xx + during.errors + during.timeouts > 0) throw new Error('failed requests');
}

async function main() {
  const name = `gerbang_poll_${randomBytes(4).toString('hex')}`;
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [
      // POLL_BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
      ...(process.env.POLL_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      path.join(import.meta.dirname, '../apps/server/src/main.ts'),
    ],
    {
      env: {
        ...process.env,
        GERBANG_MODE: 'demo',
        DATABASE_URL: url.toString(),
        PORT: String(port),
        HOST: '127.0.0.1',
        TEST_MODE_KEY: TEST_KEY,
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    await waitForServer(base, server);
    // One session per connection, as real users poll (each its own session and balance row); the
    // requests go round the sessions, so no answer can come from another request's lookup.
    const sessions: Array<Record<string, string>> = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push(await logIn(base));
    const headers = sessions[0] as Record<string, string>;
    const probe = await fetch(`${base}/api/data/app_info_web`, { headers });
    const probeBody = await probe.text();
    if (!probeBody.includes('"rc":"00"')) throw new Error(`poll failed: ${probeBody}`);
    const headerBytes = [...probe.headers.entries()].reduce(
      (sum, [k, v]) => sum + k.length + v.length + 4,
      17,
    );
    console.log(
      `balance poll bench: GET /api/data/app_info_web, ${CONNECTIONS} connections, ${SESSIONS} sessions, ${SECONDS} s, PostgreSQL (database ${name})`,
    );
    console.log(
      `  answer: ${headerBytes + probeBody.length} bytes (${headerBytes} of headers, ${probeBody.length} of body): ${probeBody}`,
    );

    let next = 0;
    const target: autocannon.Options = {
      url: `${base}/api/data/app_info_web`,
      connections: CONNECTIONS,
      requests: [
        {
          setupRequest: (request) => {
            next = (next + 1) % sessions.length;
            const headers = request.headers as Record<string, string> | undefined;
            return { ...request, method: 'GET', headers: { ...headers, ...sessions[next] } };
          },
        },
      ],
    };
    await run({ ...target, duration: 2 });
    const commitsBefore = await commitsOf(name);
    const cpuBefore = cpuMsOf(server.pid);
    const result = await run({ ...target, duration: SECONDS });
    const cpuAfter = cpuMsOf(server.pid);
    const commitsAfter = await commitsOf(name);
    const non2xx = result.non2xx + result.errors + result.timeouts;
    const rps = result.requests.average;
    console.log(
      `  ${Math.round(rps).toLocaleString('en')} requests/s (target ≥ ${TARGET.toLocaleString('en')}), ` +
        `latency p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms, ` +
        `${Math.round(result.throughput.average / rps)} bytes/answer on the wire, ${non2xx} errors` +
        (rps >= TARGET ? '' : '  << below target'),
    );
    if (result.requests.total > 0) {
      console.log(
        `  PostgreSQL statements per answer: ${((commitsAfter - commitsBefore) / result.requests.total).toFixed(2)} (job loop included)`,
      );
    }
    if (cpuBefore !== null && cpuAfter !== null && result.requests.total > 0) {
      // Machine-independent-ish: the server process's own CPU per answer (a busy neighbour
      // lowers requests/s, much less this).
      const perRequest = ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
      console.log(
        `  server process CPU ${Math.round(perRequest)} µs per answer (≈ ${Math.round(1e6 / perRequest).toLocaleString('en')} answers per CPU-second); load average ${loadavg()[0].toFixed(1)}`,
      );
    }
    if (non2xx > 0) throw new Error(`${non2xx} failed requests`);
    if (EXPORT_ROWS > 0) await pollDuringExport(base, name, target, headers);
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
