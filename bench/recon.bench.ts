/**
 * Reconciliation benchmark: import and match a 100,000-line MT940
 * statement of one account on PostgreSQL. The parent makes a database, 100,000 successful payouts
 * of one agent over five days and the simulator bank's statement of them (with five injected
 * differences), then a child process of its own reads the file, imports it (parse, hash, store)
 * and runs the matcher, and prints its timings and its peak RSS. Targets: ≤ 10 s, ≤ 256 MB.
 *
 *   npm run bench:recon     (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   RECON_BENCH_LINES=100000 npm run bench:recon
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../apps/server/src/db/connect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { ledgerItems } from '../apps/server/src/modules/reconciliation/expected';
import { importStatement } from '../apps/server/src/modules/reconciliation/import';
import { runMatcher } from '../apps/server/src/modules/reconciliation/run';
import { movementOf } from '../apps/server/src/modules/reconciliation/simulator-statement';
import { writeMt940 } from '../apps/server/src/rails/simulator/statement-files';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LINES = Number(process.env.RECON_BENCH_LINES ?? 100_000);
const TARGET_MS = 10_000;
const TARGET_RSS_MB = 256;
const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];

async function admin(text: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function urlOf(name: string) {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The measured part, in a process of its own: read, import, match. */
async function child(url: string, file: string) {
  const handle = await connectDatabase({ databaseUrl: url, dataDir: '' });
  const t0 = performance.now();
  const content = readFileSync(file);
  const imported = await importStatement(handle.db, {
    agentId: 1,
    environment: 'production',
    userId: null,
    account: 'payout',
    format: 'mt940',
    fileName: path.basename(file),
    content,
    mapping: null,
    now: new Date(),
  });
  const t1 = performance.now();
  const rssImportMb = process.resourceUsage().maxRSS / 1024;
  const counts = await runMatcher(handle.db, {
    agentId: 1,
    environment: 'production',
    account: 'payout',
    now: new Date(),
  });
  const t2 = performance.now();
  await handle.close();
  const rssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      importMs: t1 - t0,
      matchMs: t2 - t1,
      lines: imported.lines,
      counts,
      rssMb,
      rssImportMb,
    }),
  );
}

async function seed(url: string) {
  const handle = await connectDatabase({ databaseUrl: url, dataDir: '' });
  const db = handle.db;
  await migrateToLatest(db);
  await sql`INSERT INTO agents (id, username, nama_agen, email, id_grup, user_type)
            VALUES (1, 'bench@recon', 'Bench', 'bench@recon', 6, 'Business')`.execute(db);
  await sql`
    INSERT INTO transactions (id_transaksi, agent_id, environment, kind, jenis_produk, jenis_trx,
      status_trx, time_request, transaction_date, time_completed, kodebank, namabank,
      nominal_origin, rail_reference, updated_at)
    SELECT 'WD' || lpad(g::text, 18, '0'), 1, 'production', 'WITHDRAW', 'TRANSFER', 'CASH OUT',
      'SUCCESS', now(), (DATE '${sql.raw(DAYS[0] ?? '')}' + (g % ${sql.lit(DAYS.length)})), now(), '014', 'BCA',
      10000 + (g % 5000) * 1000, 'RAIL' || g, now()
    FROM generate_series(1, ${sql.lit(LINES)}) AS g`.execute(db);
  const first = DAYS[0] ?? '';
  const last = DAYS.at(-1) ?? '';
  const items = await ledgerItems(db, {
    agentId: 1,
    environment: 'production',
    account: 'payout',
    from: first,
    to: last,
  });
  await handle.close();
  const movements = items.map(movementOf);
  // Injected: missing lines, a changed amount, a duplicate, an unknown reference.
  movements.splice(10, 2); // two missing lines keep the file at exactly LINES lines
  movements[20] = { ...(movements[20] ?? movements[0]!), amount: (movements[20]?.amount ?? 0) - 1 };
  movements.push({ ...(movements[30] ?? movements[0]!) });
  movements.push({
    bookedOn: last,
    amount: -1_234_567,
    reference: 'ZZUNKNOWN',
    bankReference: 'ZZ1',
    description: 'unknown',
  });
  return writeMt940({
    account: 'SIM-PAYOUT',
    statementId: 'BENCH',
    day: last,
    openingBalance: 0,
    movements,
  });
}

async function main() {
  if (process.env.RECON_BENCH_CHILD) {
    const [url, file] = process.env.RECON_BENCH_CHILD.split('|');
    await child(url ?? '', file ?? '');
    return;
  }
  const name = `gerbang_recon_bench_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'recon-bench-'));
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = urlOf(name);
    const file = path.join(dir, 'statement.sta');
    writeFileSync(file, await seed(url));
    const heap = process.env.RECON_BENCH_HEAP_MB
      ? [`--max-old-space-size=${process.env.RECON_BENCH_HEAP_MB}`]
      : [];
    const run = spawnSync(
      process.execPath,
      [...heap, ...process.execArgv, ...process.argv.slice(1)],
      {
        env: { ...process.env, RECON_BENCH_CHILD: `${url}|${file}` },
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(run.stderr);
    const r = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
    const total = r.importMs + r.matchMs;
    const mb = (readFileSync(file).length / 1024 / 1024).toFixed(1);
    console.log(`reconciliation: ${r.lines} MT940 lines (${mb} MB) against ${LINES} payouts`);
    console.log(
      `  import ${(r.importMs / 1000).toFixed(2)} s, match ${(r.matchMs / 1000).toFixed(2)} s, total ${(total / 1000).toFixed(2)} s (target ≤ ${TARGET_MS / 1000} s)`,
    );
    console.log(
      `  peak RSS ${r.rssMb.toFixed(0)} MB (${r.rssImportMb.toFixed(0)} MB after the import) (target ≤ ${TARGET_RSS_MB} MB); load average ${loadavg()[0]?.toFixed(2)}`,
    );
    console.log(`  results ${JSON.stringify(r.counts)}`);
    if (total > TARGET_MS || r.rssMb > TARGET_RSS_MB) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
