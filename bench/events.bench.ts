/**
 * Live events benchmark (ADR 017): how many SSE clients one server process
 * carries and how fast a balance change reaches all of them. The bench makes a fresh PostgreSQL
 * database, starts the real server (`apps/server/src/main.ts`, demo data, job loop on) in a process
 * of its own, opens N streams `GET /api/events` as partner@demo.id (tabs of a few sessions: the
 * server keeps no per-session limit), then pays K pay-in codes in the payer simulator one after
 * another: each payment commits a balance change whose event fans out to every stream.
 *
 * Prints: clients connected, the server's memory per client (RSS growth / N), and the delay from
 * sending the payment request to each client reading the balance event (p50, p99, max over
 * N × K deliveries; an upper bound: it includes the payment itself). Targets: ≥ 5,000 clients,
 * p99 ≤ 1 s.
 *
 *   npm run bench:events   (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   EVENTS_BENCH_CLIENTS=5000 EVENTS_BENCH_EVENTS=10 npm run bench:events
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = Number(process.env.EVENTS_BENCH_CLIENTS ?? 5_000);
const EVENTS = Number(process.env.EVENTS_BENCH_EVENTS ?? 10);
const SESSIONS = 20;
const TEST_KEY = 'bench-test-key';
const TARGET_CLIENTS = 5_000;
const TARGET_P99_MS = 1_000;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(text);
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

/** Resident memory of a process in bytes, from /proc (Linux); 0 elsewhere. */
function rssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

const cookiesOf = (res: Response) =>
  res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');

async function csrf(base: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${base}/api/auth/csrf_token`);
  const cookies = cookiesOf(res);
  const token = cookies.find((c) => c.startsWith('gerbang_csrf='))?.split('=')[1] ?? '';
  return { cookie: cookies.join('; '), token };
}

async function post(base: string, url: string, body: unknown, cookie?: string) {
  const c = await csrf(base);
  const res = await fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: {
      cookie: [c.cookie, cookie].filter(Boolean).join('; '),
      'x-csrf-token': c.token,
      'content-type': 'application/json',
      origin: base,
    },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as { rc: string; rd: string; data: any } };
}

async function logIn(base: string): Promise<string> {
  const { res, body } = await post(base, '/auth/login', {
    username: 'partner@demo.id',
    password: 'Gerbang#Demo2026',
    captcha: TEST_KEY,
  });
  if (body.rc !== '00') throw new Error(`login failed: ${JSON.stringify(body)}`);
  return cookiesOf(res).join('; ');
}

interface StreamClient {
  /** Arrival times (performance.now) of balance events. */
  balances: number[];
}

/** One SSE client on its own socket; resolves once the server's first bytes came. */
function openStream(base: string, cookie: string): Promise<StreamClient> {
  const client: StreamClient = { balances: [] };
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events`, { headers: { cookie }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let first = true;
      res.on('data', (chunk: string) => {
        if (first) {
          first = false;
          resolve(client);
        }
        // Frames are small and written whole; counting the balance frames' headers is enough.
        let at = chunk.indexOf('event: balance');
        while (at >= 0) {
          client.balances.push(performance.now());
          at = chunk.indexOf('event: balance', at + 1);
        }
      });
    });
    req.on('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function connectAll(base: string, sessions: string[]): Promise<StreamClient[]> {
  const clients: StreamClient[] = [];
  for (let i = 0; i < CLIENTS; i += 250) {
    const batch = Array.from({ length: Math.min(250, CLIENTS - i) }, (_, j) =>
      openStream(base, sessions[(i + j) % sessions.length] ?? ''),
    );
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/** Pays K codes one after another; the send time of each, for the delays. */
async function payments(base: string): Promise<number[]> {
  const sent: number[] = [];
  for (let k = 0; k < EVENTS; k++) {
    const issued = await post(base, '/dev/simulator/issue', {
      channel: '014',
      agent: 'partner@demo.id',
      amount: 10_000 + k,
    });
    if (issued.body.rc !== '00') throw new Error(`issue failed: ${issued.body.rd}`);
    await new Promise((r) => setTimeout(r, 400));
    sent.push(performance.now());
    const paid = await post(base, '/dev/simulator/pay', {
      channel: issued.body.data.pay_channel,
      number: issued.body.data.number,
      amount: 10_000 + k,
    });
    if (paid.body.rc !== '00') throw new Error(`pay failed: ${paid.body.rd}`);
    await new Promise((r) => setTimeout(r, 1_100));
  }
  return sent;
}

/** For each client and payment: the first balance event after the payment was sent. */
function delays(clients: StreamClient[], sent: number[]): { all: number[]; missed: number } {
  const all: number[] = [];
  let missed = 0;
  for (const c of clients) {
    for (let k = 0; k < sent.length; k++) {
      const from = sent[k] as number;
      const until = sent[k + 1] ?? Number.POSITIVE_INFINITY;
      const got = c.balances.find((t) => t >= from && t < until);
      if (got === undefined) missed += 1;
      else all.push(got - from);
    }
  }
  return { all: all.sort((x, y) => x - y), missed };
}

async function main() {
  const name = `gerbang_events_${randomBytes(4).toString('hex')}`;
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../apps/server/src/main.ts')],
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
    const sessions: string[] = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push(await logIn(base));
    await new Promise((r) => setTimeout(r, 2_000));
    const rssBefore = rssOf(server.pid);
    const started = performance.now();
    const clients = await connectAll(base, sessions);
    const connectMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 2_000));
    const rssAfter = rssOf(server.pid);
    console.log(
      `live events bench: ${clients.length.toLocaleString('en')} SSE clients on one process ` +
        `(target ≥ ${TARGET_CLIENTS.toLocaleString('en')}), connected in ${(connectMs / 1000).toFixed(1)} s, PostgreSQL (database ${name})`,
    );
    console.log(
      `  server memory: ${Math.round(rssBefore / 2 ** 20)} MiB before, ${Math.round(rssAfter / 2 ** 20)} MiB with the clients: ` +
        `${((rssAfter - rssBefore) / clients.length / 1024).toFixed(1)} KiB per client`,
    );
    const sent = await payments(base);
    await new Promise((r) => setTimeout(r, 1_000));
    const { all, missed } = delays(clients, sent);
    const p99 = percentile(all, 99);
    console.log(
      `  balance event fan-out: ${EVENTS} payments × ${clients.length.toLocaleString('en')} clients = ` +
        `${all.length.toLocaleString('en')} deliveries, ${missed} missed; delay from the payment request: ` +
        `p50 ${Math.round(percentile(all, 50))} ms, p99 ${Math.round(p99)} ms (target ≤ ${TARGET_P99_MS}), ` +
        `max ${Math.round(all.at(-1) ?? 0)} ms; load average ${loadavg()[0].toFixed(1)}` +
        (p99 <= TARGET_P99_MS && missed === 0 ? '' : '  << below target'),
    );
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
