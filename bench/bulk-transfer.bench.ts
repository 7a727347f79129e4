/**
 * Bulk transfer benchmark: a 20,000-row CSV from upload through validation, the
 * batch inquiry and the group hold to every row queued (-1 Queue), on PostgreSQL, against the
 * real server (`apps/server/src/main.ts`, demo data, job loop on) in a process of its own; then
 * the time until the job has handed every row to the payout block (-2 On Process) and until every
 * row is final with the rail simulator (1 Success / 2 Failed, 1 % of rows on …9999 accounts that
 * fail and are refunded). Prints the server's peak RSS while the upload-to-queued path runs, and
 * the load average (the machine is shared). Targets: ≤ 10 s to queued, ≤ 256 MB RSS.
 *
 *   npm run bench:bulk     (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   BULK_BENCH_ROWS=20000 npm run bench:bulk
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { checkInvariants, isTransferOk, Ledger } from '@gerbang/ledger';
import { BANKS } from '@gerbang/shared/domain/banks';
import pg from 'pg';
import { connectDatabase } from '../apps/server/src/db/connect';
import { MAGIC_SUFFIXES } from '../apps/server/src/rails/simulator/magic-numbers';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BULK_BENCH_ROWS ?? 20_000);
/** Rows per batch inquiry request: 1,000 as the page sends them; 20000 for one request. */
const CHUNK = Number(process.env.BULK_BENCH_CHUNK ?? 1_000);
const TEST_KEY = 'bench-test-key';
const PASSWORD = 'Gerbang#Demo2026';
const PIN = '123456';
const TARGET_QUEUED_MS = 10_000;
const TARGET_RSS_MB = 256;
const TARGET_FINAL_MS = 30_000;
/** How long to wait for every row to be final (BULK_BENCH_FINAL_S, default 20 min). */
const LIMIT_POLLS = Number(process.env.BULK_BENCH_FINAL_S ?? 1_200) * 4;
/**
 * The server's clock starts at noon WIB of today (test mode's settable clock, CLOCK_AT): in the
 * simulated banks' nightly window (23:00–06:00 WIB) a transfer only queues until the morning, so
 * "every row final" would measure the hour the bench ran at. The measured start's clock starts ten
 * minutes after the seeding start's, so the server's time never runs back between the two.
 */
const SERVER_NOON = (() => {
  const wibDay = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${wibDay}T12:00:00+07:00`);
})();

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
  for (let i = 0; i < 1200; i++) {
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

/** Resident memory of a process now, in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

const cookiesOf = (res: Response) =>
  res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');

/**
 * An account the simulator treats as ordinary: none of its magic suffixes (docs/rails-simulator.md
 * — 0000 not found, 7777 unavailable, 8888 a slow bank held for a minute, 9999 fails).
 */
function ordinaryAccount(): string {
  const account = String(randomInt(1_000_000_000, 9_999_999_999));
  return MAGIC_SUFFIXES[account.slice(-4)] ? `${account.slice(0, -1)}1` : account;
}

/** A CSV no test wrote the rows of: random banks, accounts and amounts; 1 % on …9999 accounts. */
function makeCsv(rows: number): { csv: string; failing: number } {
  const lines = ['bankCode,accountNumber,phone,email,nominal,note'];
  let failing = 0;
  for (let i = 1; i <= rows; i++) {
    const bank = BANKS[randomInt(0, BANKS.length)]?.kodebank ?? '014';
    const fail = randomInt(0, 100) === 0;
    if (fail) failing += 1;
    const account = fail ? `${randomInt(100_000, 999_999)}9999` : ordinaryAccount();
    lines.push(
      `${bank},${account},08${randomInt(100_000_000, 999_999_999)},p${i}@contoh.co.id,${randomInt(10, 100) * 1_000},bench ${i}`,
    );
  }
  return { csv: `${lines.join('\n')}\n`, failing };
}

async function main() {
  const name = `gerbang_bulk_${randomBytes(4).toString('hex')}`;
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = (clockAt: Date) =>
    spawn(
      process.execPath,
      [
        // BULK_BENCH_NODE_ARGS: extra flags for the server (e.g. --cpu-prof to see where it spends).
        ...(process.env.BULK_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
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
          CLOCK_AT: clockAt.toISOString(),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  // The first start writes the demo history (a one-off of a fresh database whose garbage would
  // count as the upload's); the measured server is the second start on the seeded database.
  const seeding = start(SERVER_NOON);
  await waitForServer(base, seeding);
  await new Promise((resolve) => {
    seeding.once('exit', resolve);
    seeding.kill('SIGTERM');
  });
  const server = start(new Date(SERVER_NOON.getTime() + 10 * 60_000));
  const handle = await connectDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const db = handle.db;
  try {
    await waitForServer(base, server);
    const csrf = await fetch(`${base}/api/auth/csrf_token`);
    let cookies = cookiesOf(csrf);
    let csrfToken = cookies.find((c) => c.startsWith('gerbang_csrf='))?.split('=')[1] ?? '';
    const post = async (pathName: string, body: unknown) => {
      const res = await fetch(`${base}/api${pathName}`, {
        method: 'POST',
        headers: {
          cookie: cookies.join('; '),
          'x-csrf-token': csrfToken,
          origin: base,
          'x-requested-with': 'XMLHttpRequest',
          ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
      return { res, body: (await res.json()) as { rc: string; rd: string; data: any } };
    };
    const login = await post('/auth/login', {
      username: 'partner@demo.id',
      password: PASSWORD,
      captcha: TEST_KEY,
    });
    if (login.body.rc !== '00') throw new Error(`login failed: ${login.body.rd}`);
    cookies = [...cookies, ...cookiesOf(login.res)];
    // Logged in, the CSRF token is the session's own.
    const fresh = await fetch(`${base}/api/auth/csrf_token`, {
      headers: { cookie: cookies.join('; ') },
    });
    csrfToken = ((await fresh.json()) as { data: { csrf: string } }).data.csrf;

    // The partner's balance covers the group (from a cash-in clearing account, through the ledger).
    const ledger = new Ledger(db, { batching: false });
    const agent = await db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    const [source, merchant] = await ledger.ensureAccounts([
      { kind: 'cash_in_clearing', subkey: 'bench', environment: 'production' },
      { kind: 'merchant_available', agentId: agent.id, environment: 'production' },
    ]);
    const funded = await ledger.createTransfer({
      id: `bench-bulk-funding-${name}`,
      debitAccountId: source?.id,
      creditAccountId: merchant?.id,
      amount: ROWS * 110_000,
      kind: 'topup',
    });
    if (!isTransferOk(funded)) throw new Error(`funding refused: ${funded.result}`);

    const { csv, failing } = makeCsv(ROWS);
    console.log(
      `bulk transfer bench: ${ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(2)} MB CSV, ${failing} on …9999 accounts), PostgreSQL (database ${name})`,
    );
    const idleRss = rssMb(server.pid);
    const peaks = [idleRss, idleRss, idleRss];
    let phase = 0;
    const sampler = setInterval(() => {
      peaks[phase] = Math.max(peaks[phase] ?? 0, rssMb(server.pid));
    }, 10);

    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
    const uploaded = await post('/transaction/disbursement_upload', form);
    if (uploaded.body.rc !== '00') throw new Error(`upload: ${uploaded.body.rd}`);
    const t1 = performance.now();
    phase = 1;
    const token = await post('/transaction/checksum', { password: PASSWORD });
    if (token.body.rc !== '00') throw new Error(`checksum: ${token.body.rd}`);
    const rows = uploaded.body.data.rows.map((r: any, i: number) => ({
      code: r.bankCode,
      number: r.accountNumber,
      nominal: r.nominal,
      phone: r.phone,
      email: r.email,
      note: r.note,
      line: i + 2,
    }));
    // The page checks in requests of CHUNK rows (its progress bar); CHUNK=20000 is one request.
    const items: any[] = [];
    const tally = { paid: 0, errors: 0 };
    for (let start = 0; start < rows.length; start += CHUNK) {
      const inquiry = await post('/transaction/cashout_inquiry_bulk', {
        token: token.body.data.checksum,
        uuid_user: token.body.data.uuid_user,
        rows: rows.slice(start, start + CHUNK),
      });
      if (inquiry.body.rc !== '00') throw new Error(`inquiry: ${inquiry.body.rd}`);
      items.push(...inquiry.body.data.items);
      tally.paid += inquiry.body.data.paid;
      tally.errors += inquiry.body.data.errors;
    }
    const t2 = performance.now();
    phase = 2;
    const saved_data = items
      .filter((i: any) => i.status === 'paid')
      .map((row: any) => ({ idtransaksi: row.idtransaksi }));
    const saved = await post('/transaction/cashout_save', {
      saved_data,
      pin: PIN,
      group_name: 'Bench',
      group_desc: 'Bulk transfer bench',
      token: token.body.data.checksum,
      uuid_user: token.body.data.uuid_user,
    });
    if (saved.body.rc !== '00') throw new Error(`save: ${saved.body.rd}`);
    const t3 = performance.now();
    clearInterval(sampler);
    const groupId = saved.body.data.group_id as number;
    const load = loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');

    const ms = (a: number, b: number) => `${((b - a) / 1000).toFixed(2)} s`;
    console.log(`  upload + CSV check      ${ms(t0, t1)}`);
    console.log(
      `  checksum + inquiry      ${ms(t1, t2)} (${Math.ceil(rows.length / CHUNK)} batch request(s) of ≤ ${CHUNK} rows, ${tally.paid} paid, ${tally.errors} errors)`,
    );
    console.log(
      `  save + group hold       ${ms(t2, t3)} (group ${groupId}, total ${saved.body.data.total_amount})`,
    );
    console.log(
      `  upload → all rows queued: ${ms(t0, t3)} (target ≤ ${TARGET_QUEUED_MS / 1000} s)${t3 - t0 > TARGET_QUEUED_MS ? '  << above target' : ''}`,
    );
    const peakRss = Math.max(...peaks);
    console.log(
      `  server RSS: ${idleRss.toFixed(0)} MB before; peak ${peaks[0]?.toFixed(0)} MB during the upload, ${peaks[1]?.toFixed(0)} MB during the inquiry, ${peaks[2]?.toFixed(0)} MB during the save (target ≤ ${TARGET_RSS_MB} MB)${peakRss > TARGET_RSS_MB ? '  << above target' : ''}`,
    );
    console.log(`  load average at queued: ${load}; ${execSync('uptime').toString().trim()}`);

    const counts = async () => {
      const res = await db
        .selectFrom('disbursement_details')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('group_id', '=', groupId)
        .groupBy('status')
        .execute();
      return Object.fromEntries(res.map((r) => [r.status, Number(r.n)])) as Record<number, number>;
    };
    let handedAt: number | null = null;
    let finalAt: number | null = null;
    let last: Record<number, number> = {};
    for (let i = 0; i < LIMIT_POLLS && finalAt === null; i++) {
      await new Promise((r) => setTimeout(r, 250));
      last = await counts();
      const now = performance.now();
      if (handedAt === null && !last[-1] && !last[0]) handedAt = now;
      if (!last[-2] && !last[-1] && !last[0]) {
        const group = await db
          .selectFrom('disbursement_groups')
          .select('status')
          .where('id', '=', groupId)
          .executeTakeFirstOrThrow();
        if (group.status === 'DONE') finalAt = now;
      }
    }
    if (handedAt !== null)
      console.log(`  queued → every row at the rail (-2 On Process or final): ${ms(t3, handedAt)}`);
    console.log(
      finalAt !== null
        ? `  queued → every row final and failed rows refunded: ${ms(t3, finalAt)} (target ≤ ${TARGET_FINAL_MS / 1000} s${finalAt - t3 > TARGET_FINAL_MS ? ', above target' : ''}; ${last[1] ?? 0} success, ${last[2] ?? 0} failed); upload → final ${ms(t0, finalAt)}`
        : `  not final after ${LIMIT_POLLS / 4} s: ${JSON.stringify(last)}`,
    );
    console.log(
      `  load average at the end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
    );
    const report = await checkInvariants(db);
    console.log(`  ledger invariants: ${report.ok ? 'ok' : JSON.stringify(report.violations)}`);
    if (!report.ok) throw new Error('ledger invariants violated');
  } finally {
    await handle.close();
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
