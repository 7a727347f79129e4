/**
 * SNAP partner API benchmark: signed `POST /snap/v1.0/transfer-interbank` calls per second on
 * PostgreSQL, against an anchor measured in the same run. The bench makes fresh PostgreSQL
 * databases and prints, in order:
 *
 *   1. the anchor: the ledger's one-transaction-per-call path (`batching: false`, what calls inside
 *      a caller's transaction get) on one hot account, CONNECTIONS clients, in its own database;
 *   2. the PostgreSQL round trips of one transfer, by statement (the server counts its statements
 *      with GERBANG_SQL_TRACE; SIGUSR2 around TRACE_TRANSFERS sequential transfers);
 *   3. one partner, CONNECTIONS autocannon clients: transfers/s, p50, p99, ratio to the anchor;
 *      then the time until their callbacks are delivered, and the rate with it (transfers of the
 *      run / (run + that time)): what a partner can keep up without a growing callback backlog;
 *   4. two partners in parallel, CONNECTIONS clients each: transfers/s, ratio to one partner.
 *
 * The real server (`apps/server/src/main.ts`, demo data, job loop on) runs in its own process.
 * partner@demo.id and aggregator@demo.id register their credentials through the portal's own
 * calls (client secret, IP whitelist 127.0.0.1, RSA public key — each through the OTP flow, codes
 * read from the outbox) and are funded through the ledger; the SDK (packages/snap-client) takes
 * the token and signs every request: a fresh X-EXTERNAL-ID, partnerReferenceNo, X-TIMESTAMP and
 * HMAC-SHA512 signature. Each transfer is the
 * whole path: signature, rate slot, external id, pricing, the rail's account inquiry, hold, rows,
 * rail submission, the rail call and finalize, the API log.
 *
 *   npm run bench:snap     (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   SNAP_BENCH_SECONDS=10 SNAP_BENCH_CONNECTIONS=32 npm run bench:snap
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SnapClient } from '@gerbang/snap-client';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  nameMarkedStatements,
  preparedStatementsWanted,
} from '../apps/server/src/db/prepared-statements';
import { isTransferOk, Ledger, ledgerMigration } from '../packages/ledger/src/index';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.SNAP_BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.SNAP_BENCH_CONNECTIONS ?? 32);
const TRACE_TRANSFERS = 50;
const TEST_KEY = 'bench-test-key';
const PATH = '/snap/v1.0/transfer-interbank';

/**
 * The server's clock during the bench: noon WIB of a day, so the simulated banks' nightly window
 * (23:00–06:00 WIB, where a transfer only queues) and the 23:45–00:15 cut-off never decide the
 * figures — the bench runs at any hour. The server starts with CLOCK_AT (test mode's settable
 * clock) and the SDK signs with the same shifted clock, so X-TIMESTAMP stays within its 5 minutes.
 */
const SERVER_NOON = (() => {
  const wibDay = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${wibDay}T12:00:00+07:00`);
})();
const CLOCK_OFFSET_MS = SERVER_NOON.getTime() - Date.now();
const serverNow = () => new Date(Date.now() + CLOCK_OFFSET_MS);

async function query(connectionString: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
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
      if ((await fetch(`${base}/api/auth/csrf_token`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const cookiesOf = (res: Response) =>
  res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');

/** The portal session of partner@demo.id (test key: no captcha) and its POST helper. */
async function portal(base: string, dbUrl: string, username: string) {
  const csrf = await fetch(`${base}/api/auth/csrf_token`);
  let cookies = cookiesOf(csrf);
  const token = () => cookies.find((c) => c.startsWith('gerbang_csrf='))?.split('=')[1] ?? '';
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${base}/api${url}`, {
      method: 'POST',
      headers: {
        cookie: cookies.join('; '),
        'x-csrf-token': token(),
        'content-type': 'application/json',
        origin: base,
      },
      body: JSON.stringify(body),
    });
    cookies = [
      ...cookies.filter((c) => !cookiesOf(res).some((n) => n.split('=')[0] === c.split('=')[0])),
      ...cookiesOf(res),
    ];
    const json = (await res.json()) as { rc: string; rd: string; data: any };
    if (json.rc !== '00') throw new Error(`${url}: ${json.rc} ${json.rd}`);
    return json.data;
  };
  await post('/auth/login', {
    username,
    password: 'Gerbang#Demo2026',
    captcha: TEST_KEY,
  });
  const otp = async (brand: string) => {
    const created = await post('/control/create_otp', { captcha: '', brand });
    const rows = await query(
      dbUrl,
      `select subject from mail_outbox where kind = 'otp' and to_address = $1 order by id desc limit 1`,
      [username],
    );
    const code = /(\d{6})/.exec(String(rows[0]?.subject ?? ''))?.[1] ?? '';
    return { id_otp: created.idOtp, otp: code, captcha: '' };
  };
  return { post, otp };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function freshDatabaseUrl(name: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const INT8_OID = 20;

/**
 * The anchor: the ledger's one-transaction-per-call path on one hot merchant account, with the
 * same number of clients, in a database of its own (half the transfers pay out of the hot account,
 * half pay into it, as bench/ledger.bench.ts does).
 */
async function ledgerAnchor(): Promise<{ rate: number; p99: number }> {
  const name = `gerbang_snap_anchor_${randomBytes(4).toString('hex')}`;
  await query(BASE_URL, `CREATE DATABASE ${name}`);
  const pool = new pg.Pool({
    connectionString: freshDatabaseUrl(name),
    max: CONNECTIONS,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? Number
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', () => undefined);
  // The ledger as the server runs it (DATABASE_PREPARED_STATEMENTS=off: without, as the server).
  if (preparedStatementsWanted(process.env)) nameMarkedStatements(pool);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  try {
    await ledgerMigration.up(db);
    const ledger = new Ledger(db, { batching: false });
    const accounts = await ledger.ensureAccounts([
      { kind: 'cash_in_clearing', environment: 'production', subkey: 'bench' },
      ...Array.from({ length: 100 }, (_, i) => ({
        kind: 'merchant_available',
        agentId: i + 1,
        environment: 'production' as const,
      })),
    ]);
    const [clearing, hot, ...others] = accounts.map((a) => a.id) as number[];
    const funded = await ledger.createTransfers(
      [hot, ...others].map((id) => ({
        id: `fund-${id}`,
        debitAccountId: clearing,
        creditAccountId: id,
        amount: 1_000_000_000,
        kind: 'topup',
      })),
    );
    if (!funded.every(isTransferOk)) throw new Error('anchor funding failed');
    const latencies: number[] = [];
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, client) => {
        for (let seq = 0; performance.now() < deadline; seq++) {
          const other = others[Math.floor(Math.random() * others.length)];
          const out = seq % 2 === 0;
          const at = performance.now();
          const result = await ledger.createTransfer({
            id: `hot-${client}-${seq}`,
            debitAccountId: out ? hot : other,
            creditAccountId: out ? other : hot,
            amount: 1 + (seq % 1000),
            kind: 'transfer',
          });
          if (!isTransferOk(result)) throw new Error(`anchor transfer refused: ${result.result}`);
          latencies.push(performance.now() - at);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
    return { rate: latencies.length / seconds, p99 };
  } finally {
    await db.destroy();
    await query(BASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

interface BenchPartner {
  username: string;
  clientId: string;
  /** Takes the token and signs every request (the SDK partners use). */
  sdk: SnapClient;
  accessToken: string;
  agentId: number;
  environment: string;
}

/** The partner's credential, whitelist and key through the portal; then its access token. */
async function registerPartner(
  base: string,
  dbUrl: string,
  username: string,
): Promise<BenchPartner> {
  const p = await portal(base, dbUrl, username);
  const credential = await p.post('/control/generate_credential_server', {
    ...(await p.otp('credential')),
    email_destination: '',
  });
  await p.post('/control/update_credential', {
    ...(await p.otp('whitelist')),
    app_name: 'bench',
    ip_address: '127.0.0.1',
  });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await p.post('/control/snap_public_key', {
    ...(await p.otp('snapKey')),
    public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  const clientId: string = credential.client_id;
  const sdk = new SnapClient({
    baseUrl: base,
    clientId,
    clientSecret: credential.client_secret,
    privateKey,
    now: serverNow,
  });
  const accessToken = await sdk.accessToken();
  const [row] = await query(
    dbUrl,
    'select agent_id, environment from agent_credentials where client_id = $1',
    [clientId],
  );
  return {
    username,
    clientId,
    sdk,
    accessToken,
    agentId: Number(row?.agent_id),
    environment: String(row?.environment),
  };
}

/** Enough money for every transfer of the run, through the ledger (a top-up from cash-in). */
async function fund(dbUrl: string, partners: BenchPartner[]) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  try {
    const ledger = new Ledger(db, { batching: false });
    for (const partner of partners) {
      const environment = partner.environment as 'production' | 'sandbox';
      const [clearing, merchant] = await ledger.ensureAccounts([
        { kind: 'cash_in_clearing', environment, subkey: 'bench' },
        { kind: 'merchant_available', agentId: partner.agentId, environment },
      ]);
      const result = await ledger.createTransfer({
        id: `bench-fund-${randomBytes(6).toString('hex')}`,
        debitAccountId: clearing?.id,
        creditAccountId: merchant?.id,
        amount: 100_000_000_000,
        kind: 'topup',
      });
      if (!isTransferOk(result)) throw new Error(`funding refused: ${result.result}`);
    }
  } finally {
    await db.destroy();
  }
}

/** Signed transfer requests of one partner, each with fresh references, signed by the SDK. */
function signer(partner: BenchPartner) {
  let seq = 0;
  const runId = randomBytes(3).toString('hex');
  return () => {
    seq++;
    const request = partner.sdk.signRequest(
      PATH,
      {
        partnerReferenceNo: `B${runId}-${seq}`,
        amount: { value: '1000.00', currency: 'IDR' },
        beneficiaryAccountNo: `12345${String(seq % 100_000).padStart(5, '1')}`,
        beneficiaryBankCode: '014',
      },
      { accessToken: partner.accessToken },
    );
    return { method: 'POST' as const, path: PATH, ...request };
  };
}

/** The server's statement counts (GERBANG_SQL_TRACE), written when it gets SIGUSR2. */
async function statementCounts(server: ChildProcess, file: string) {
  rmSync(file, { force: true });
  server.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 20));
    try {
      const text = readFileSync(file, 'utf8');
      return new Map(Object.entries(JSON.parse(text) as Record<string, number>));
    } catch {
      // not (completely) written yet
    }
  }
  throw new Error('the server wrote no statement counts');
}

/** Statement counts per transfer between two snapshots, most frequent first. */
function perTransfer(before: Map<string, number>, after: Map<string, number>, transfers: number) {
  const rows = [...after]
    .map(([sql, n]) => [sql, (n - (before.get(sql) ?? 0)) / transfers] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return { rows, total: rows.reduce((sum, [, n]) => sum + n, 0) };
}

/** Round trips of one transfer: statements counted around sequential transfers, per transfer. */
async function roundTrips(base: string, server: ChildProcess, file: string, next: () => object) {
  const before = await statementCounts(server, file);
  for (let i = 0; i < TRACE_TRANSFERS; i++) {
    const text = await (await fetch(base + PATH, next())).text();
    if (!text.includes('"2001800"')) throw new Error(`transfer failed: ${text}`);
  }
  const { rows, total } = perTransfer(before, await statementCounts(server, file), TRACE_TRANSFERS);
  console.log(
    `  round trips per transfer: ${total.toFixed(1)} (${TRACE_TRANSFERS} sequential transfers; the job loop's statements included)`,
  );
  for (const [sql, n] of rows) console.log(`    ${n.toFixed(2).padStart(6)}  ${sql}`);
}

interface Measured {
  rate: number;
  p50: number;
  p99: number;
  codes: Map<string, number>;
  failed: number;
}

/** utime + stime of a process in clock ticks (100 a second on Linux); 0 once it is gone. */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * What the server's database connections and the CPU did during a scenario: pg_stat_activity of
 * the bench database every 100 ms (idle = the connection waits for Node or for work; idle in
 * transaction = a transaction waits for Node's next statement; Lock:* = waits for a row lock),
 * the server's pool from /metrics (busy connections, requests waiting for one), and the CPU
 * seconds of the server process and of the database's backends over the scenario.
 */
function profiler(base: string, dbUrl: string, serverPid: number) {
  const client = new pg.Client({ connectionString: dbUrl });
  const states = new Map<string, number>();
  const waits = new Map<string, number>();
  const pool = { busy: 0, waiting: 0, samples: 0 };
  let samples = 0;
  let running = true;
  const backendTicks = new Map<number, number>();
  const loop = (async () => {
    await client.connect();
    while (running) {
      const rows = await client.query(
        `select pid, state, wait_event_type, wait_event from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      for (const row of rows.rows) {
        // ClientRead is the wait of every idle connection: the state says whether in a transaction.
        const waiting = row.wait_event && row.wait_event !== 'ClientRead';
        const key = waiting ? `${row.wait_event_type}:${row.wait_event}` : String(row.state);
        states.set(key, (states.get(key) ?? 0) + 1);
        if (!backendTicks.has(row.pid)) backendTicks.set(row.pid, cpuTicks(row.pid));
      }
      samples += rows.rows.length;
      // Which locks the server's connections wait for (a NOTIFY at commit waits on the database
      // object: `object:pg_database`).
      const locks = await client.query(
        `select locktype || coalesce(':' || classid::regclass::text, '') || ' ' || mode as what
         from pg_locks where not granted and pid in (
           select pid from pg_stat_activity where datname = current_database())`,
      );
      for (const row of locks.rows) waits.set(row.what, (waits.get(row.what) ?? 0) + 1);
      const metrics = await (await fetch(`${base}/metrics`)).text();
      const value = (state: string) =>
        Number(
          new RegExp(`gerbang_db_pool_connections\\{state="${state}"\\} (\\d+)`).exec(
            metrics,
          )?.[1] ?? 0,
        );
      pool.busy += value('busy');
      pool.waiting += value('waiting');
      pool.samples++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const serverStart = cpuTicks(serverPid);
  const started = performance.now();
  return async (transfers: number) => {
    running = false;
    await loop;
    await client.end();
    const seconds = (performance.now() - started) / 1000;
    const server = (cpuTicks(serverPid) - serverStart) / 100;
    let backends = 0;
    for (const [pid, ticks] of backendTicks) backends += Math.max(0, cpuTicks(pid) - ticks) / 100;
    const share = [...states]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${((100 * n) / Math.max(1, samples)).toFixed(0)}%`)
      .join(', ');
    const perTransfer = (cpu: number) => ((1000 * cpu) / Math.max(1, transfers)).toFixed(1);
    return [
      `    server's connections (pg_stat_activity every 100 ms): ${share}`,
      `    lock waits by lock (pg_locks, per sample): ${
        [...waits]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k} ${(n / Math.max(1, pool.samples)).toFixed(2)}`)
          .join(', ') || 'none'
      }`,
      `    pool (/metrics): busy ${(pool.busy / Math.max(1, pool.samples)).toFixed(1)} of 10, ` +
        `requests waiting for a connection ${(pool.waiting / Math.max(1, pool.samples)).toFixed(1)} on average`,
      `    CPU over ${seconds.toFixed(1)} s: server ${server.toFixed(2)} s, its PostgreSQL backends ` +
        `${backends.toFixed(2)} s — ${perTransfer(server)} ms Node + ${perTransfer(backends)} ms PostgreSQL ` +
        `per transfer; load average ${loadavg()[0]?.toFixed(1)}`,
    ].join('\n');
  };
}

async function drive(base: string, next: () => object): Promise<Measured> {
  const codes = new Map<string, number>();
  const result = await run({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
    setupClient: (client) => {
      client.on('body', (buf: Buffer) => {
        const code = /"responseCode":"(\d+)"/.exec(buf.toString())?.[1] ?? 'none';
        codes.set(code, (codes.get(code) ?? 0) + 1);
      });
    },
  });
  return {
    rate: (codes.get('2001800') ?? 0) / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    codes,
    failed: result.errors + result.timeouts,
  };
}

const line = (m: Measured) =>
  `${m.rate.toFixed(1)} transfers/s (2001800), p50 ${m.p50} ms  p99 ${m.p99} ms, ` +
  `answers ${JSON.stringify(Object.fromEntries(m.codes))}, ${m.failed} errors`;

async function startServer(dbUrl: string, traceFile: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [
      // SNAP_BENCH_CPU_PROF=<dir>: the server's CPU profile, written when it exits.
      ...(process.env.SNAP_BENCH_CPU_PROF
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.SNAP_BENCH_CPU_PROF]
        : []),
      '--import',
      'tsx',
      path.join(import.meta.dirname, '../apps/server/src/main.ts'),
    ],
    {
      env: {
        ...process.env,
        GERBANG_MODE: 'demo',
        DATABASE_URL: dbUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        TEST_MODE_KEY: TEST_KEY,
        CLOCK_AT: SERVER_NOON.toISOString(),
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        GERBANG_SQL_TRACE: traceFile,
      },
      // SNAP_BENCH_SERVER_LOG=<file>: the server's log lines (LOG_LEVEL warn) for a failed call.
      stdio: [
        'ignore',
        process.env.SNAP_BENCH_SERVER_LOG
          ? openSync(process.env.SNAP_BENCH_SERVER_LOG, 'w')
          : 'ignore',
        'inherit',
      ],
    },
  );
  await waitForServer(base, server);
  return { base, server };
}

/**
 * Waits until every callback queued so far is delivered (none New, none leased to a delivery in
 * flight) and returns the seconds since `from`; fails after 90 s: each scenario starts from a quiet
 * server instead of paying for the previous scenario's callbacks (the job loop delivers them in
 * the same process, to the demo receiver in the same process, while the next scenario runs), and
 * a transfer's callback is part of its cost.
 */
async function drained(dbUrl: string, from = performance.now()): Promise<number> {
  for (let i = 0; i < 900; i++) {
    const [row] = await query(
      dbUrl,
      'select count(*)::int as n from callbacks where status_sent = 0 or claimed_until is not null',
    );
    if (Number(row?.n) === 0) return (performance.now() - from) / 1000;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Not delivered within the wait: no figure that pretends they were.
  throw new Error('callbacks still undelivered after 90 s');
}

async function measure(base: string, dbUrl: string, server: ChildProcess, traceFile: string) {
  const one = await registerPartner(base, dbUrl, 'partner@demo.id');
  const two = await registerPartner(base, dbUrl, 'aggregator@demo.id');
  // The bench measures the call, not the per-partner budget (600 a minute by default).
  await query(dbUrl, 'update agent_credentials set snap_rate_per_minute = 100000000');
  await fund(dbUrl, [one, two]);
  const nextOne = signer(one);
  const nextTwo = signer(two);
  await roundTrips(base, server, traceFile, nextOne);
  await roundTrips(base, server, traceFile, nextTwo);
  console.log(
    `  callbacks of the round trips delivered before the next scenario: ${(await drained(dbUrl)).toFixed(1)} s`,
  );
  const counted = await statementCounts(server, traceFile);
  const profiled = profiler(base, dbUrl, server.pid ?? 0);
  const single = await drive(base, nextOne);
  const singleEnded = performance.now();
  const singleProfile = await profiled(single.rate * SECONDS);
  console.log(`  one partner, ${CONNECTIONS} clients: ${line(single)}`);
  console.log(singleProfile);
  // Under load concurrent transfers share group commits (ADR 009): statements per transfer.
  const loaded = perTransfer(
    counted,
    await statementCounts(server, traceFile),
    Math.max(1, single.rate * SECONDS),
  );
  console.log(
    `    statements per transfer under this load: ${loaded.total.toFixed(1)}` +
      ` (begin ${(loaded.rows.find(([sql]) => sql === 'begin')?.[1] ?? 0).toFixed(2)},` +
      ` ledger writes ${(loaded.rows.find(([sql]) => sql.startsWith('select ledger_write_plan'))?.[1] ?? 0).toFixed(2)})`,
  );
  for (const [sql, n] of loaded.rows.filter(([, n]) => n >= 0.05)) {
    console.log(`    ${n.toFixed(2).padStart(6)}  ${sql}`);
  }
  // Transfers whose callbacks are delivered too: the rate a partner can keep up for long.
  const after = await drained(dbUrl, singleEnded);
  const sustained = (single.rate * SECONDS) / (SECONDS + after);
  console.log(
    `  callbacks of one partner's run delivered ${after.toFixed(1)} s after it: ` +
      `${sustained.toFixed(1)} transfers/s with their callbacks delivered`,
  );
  const profiledPair = profiler(base, dbUrl, server.pid ?? 0);
  const [a, b] = await Promise.all([drive(base, nextOne), drive(base, nextTwo)]);
  const pairProfile = await profiledPair((a.rate + b.rate) * SECONDS);
  console.log(`  two partners in parallel, ${CONNECTIONS} clients each:`);
  console.log(`    ${one.username}: ${line(a)}`);
  console.log(`    ${two.username}: ${line(b)}`);
  console.log(pairProfile);
  if (single.failed + a.failed + b.failed > 0 || single.rate === 0) {
    throw new Error('failed requests');
  }
  return { single, sustained, pair: a.rate + b.rate };
}

async function main() {
  console.log(
    `SNAP bench: signed POST ${PATH}, ${CONNECTIONS} clients, ${SECONDS} s per scenario, PostgreSQL`,
  );
  const anchor = await ledgerAnchor();
  console.log(
    `  anchor: ledger one transaction per call, one hot account, ${CONNECTIONS} clients: ` +
      `${anchor.rate.toFixed(1)} transfers/s, p99 ${anchor.p99.toFixed(1)} ms`,
  );
  const name = `gerbang_snap_${randomBytes(4).toString('hex')}`;
  const dbUrl = freshDatabaseUrl(name);
  await query(BASE_URL, `CREATE DATABASE ${name}`);
  const traceFile = path.join(tmpdir(), `${name}.sql-trace.json`);
  let server: ChildProcess | null = null;
  try {
    const started = await startServer(dbUrl, traceFile);
    server = started.server;
    const { single, sustained, pair } = await measure(started.base, dbUrl, server, traceFile);
    const moved = await query(
      dbUrl,
      `select count(*)::int as n, count(*) filter (where status = 1)::int as done from snap_transfers`,
    );
    console.log(`  snap_transfers rows ${moved[0]?.n} (${moved[0]?.done} finished SUCCESS)`);
    const unexpected = await query(
      dbUrl,
      `select response_code, http_status, left(response_body, 200) as body, count(*)::int as n
       from snap_api_log where path = $1 and response_code <> '2001800'
       group by 1, 2, 3 order by n desc limit 5`,
      [PATH],
    );
    for (const row of unexpected) {
      console.log(
        `  unexpected answer ×${row.n}: ${row.http_status} ${row.response_code} ${row.body}`,
      );
    }
    console.log(
      `  summary: anchor ${anchor.rate.toFixed(0)}/s; one partner ${single.rate.toFixed(0)}/s ` +
        `(${(single.rate / anchor.rate).toFixed(2)}× the anchor, target ≥ 0.50; p99 ${single.p99} ms, ` +
        `target ≤ 100; ${sustained.toFixed(0)}/s with their callbacks delivered); two partners ${pair.toFixed(0)}/s (${(pair / single.rate).toFixed(2)}× one ` +
        `partner, target ≈ 2)`,
    );
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await query(BASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
