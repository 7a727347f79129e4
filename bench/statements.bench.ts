/**
 * Balance statement benchmark: one agent's month with 100,000 ledger lines on
 * PostgreSQL, written as each format in a child process of its own (streamed: the period is never
 * held in memory). Prints the time and the peak RSS of each format and the load average.
 *
 *   npm run bench:statements     (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   STATEMENT_BENCH_LINES=100000 STATEMENT_BENCH_FORMATS=csv,xlsx npm run bench:statements
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { StatementFormat } from '@gerbang/shared/contract/statements';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../apps/server/src/db/connect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { writeStatement } from '../apps/server/src/modules/statements/produce';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LINES = Number(process.env.STATEMENT_BENCH_LINES ?? 100_000);
const FORMATS = (process.env.STATEMENT_BENCH_FORMATS ?? 'csv,xlsx,mt940,camt053,pdf').split(
  ',',
) as StatementFormat[];
const FROM = '2026-10-01';
const TO = '2026-10-31';

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

/** The measured part: one format of the whole month, streamed to a file. */
async function child(url: string, format: StatementFormat, file: string) {
  const handle = await connectDatabase({ databaseUrl: url, dataDir: '' });
  const t0 = performance.now();
  const written = await writeStatement(handle.db, {
    scope: { agentId: 1, environment: 'production', from: FROM, to: TO },
    format,
    lang: 'id',
    path: file,
    statementId: 'BENCH',
    agentName: 'Bench',
    now: new Date(),
  });
  const ms = performance.now() - t0;
  await handle.close();
  const rssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ms, lines: written.lines, bytes: written.bytes, rssMb }));
}

/** 100,000 alternating top-ups and payouts over the month, each entry chained to the one before. */
async function seed(url: string) {
  const handle = await connectDatabase({ databaseUrl: url, dataDir: '' });
  const db = handle.db;
  await migrateToLatest(db);
  await sql`INSERT INTO ledger_accounts (id, kind, agent_id, environment, normal_side, allow_negative)
    VALUES (1, 'merchant_available', 1, 'production', 'credit', false),
           (2, 'cash_in_clearing', null, 'production', 'debit', true)`.execute(db);
  const step = sql.raw(`(interval '31 days' / ${LINES})`);
  await sql`INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, kind,
      reference, environment, currency, created_at)
    SELECT 'T' || g, CASE WHEN g % 2 = 1 THEN 2 ELSE 1 END, CASE WHEN g % 2 = 1 THEN 1 ELSE 2 END,
      CASE WHEN g % 2 = 1 THEN 15000 ELSE 10000 END, CASE WHEN g % 2 = 1 THEN 'topup' ELSE 'withdraw' END,
      'REF' || g, 'production', 'IDR', TIMESTAMPTZ '2026-10-01 00:00:00+07' + ${step} * g
    FROM generate_series(1, ${sql.lit(LINES)}) AS g`.execute(db);
  // Balance after line g: +15,000 per top-up, −10,000 per payout.
  await sql`INSERT INTO ledger_entries (account_id, transfer_id, direction, amount, balance_before,
      balance_after, created_at)
    SELECT 1, 'T' || g, CASE WHEN g % 2 = 1 THEN 'credit' ELSE 'debit' END,
      CASE WHEN g % 2 = 1 THEN 15000 ELSE 10000 END,
      ((g - 1) / 2) * 5000 + CASE WHEN g % 2 = 0 THEN 15000 ELSE 0 END,
      (g / 2) * 5000 + CASE WHEN g % 2 = 1 THEN 15000 ELSE 0 END,
      TIMESTAMPTZ '2026-10-01 00:00:00+07' + ${step} * g
    FROM generate_series(1, ${sql.lit(LINES)}) AS g`.execute(db);
  await sql`ANALYZE`.execute(db);
  await handle.close();
}

async function main() {
  if (process.env.STATEMENT_BENCH_CHILD) {
    const [url, format, file] = process.env.STATEMENT_BENCH_CHILD.split('|');
    await child(url ?? '', format as StatementFormat, file ?? '');
    return;
  }
  const name = `gerbang_statement_bench_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'statement-bench-'));
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = urlOf(name);
    await seed(url);
    console.log(`balance statement: ${LINES} ledger lines of one month`);
    for (const format of FORMATS) {
      const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
        env: {
          ...process.env,
          STATEMENT_BENCH_CHILD: `${url}|${format}|${path.join(dir, `statement.${format}`)}`,
        },
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(run.stderr);
      const r = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
      console.log(
        `  ${format.padEnd(8)} ${(r.ms / 1000).toFixed(2)} s, ${r.lines} lines, ${(r.bytes / 1024 / 1024).toFixed(1)} MB, peak RSS ${r.rssMb.toFixed(0)} MB; load average ${loadavg()[0]?.toFixed(2)}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
