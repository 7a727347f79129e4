/**
 * Ledger benchmark: prints throughput, latency percentiles and batch time for PGlite and
 * PostgreSQL. Run with `npx tsx bench/ledger.bench.ts` (or `npm run bench:ledger`).
 *
 * Environment:
 *   LEDGER_BENCH_SECONDS   seconds per timed scenario (default 8)
 *   LEDGER_BENCH_CLIENTS   concurrent clients (default 16)
 *   LEDGER_BENCH_ACCOUNTS  merchant accounts (default 10000)
 *   LEDGER_BENCH_BATCH     transfers in the batch scenario (default 20000)
 *   LEDGER_BENCH_DRIVERS   comma list of pglite,postgres (default both)
 *   LEDGER_BENCH_MODES     batched | unbatched | both (default both): with the ledger's automatic
 *                          batching, and with one database transaction per call
 *   LEDGER_BENCH_IN_FLIGHT merged transactions in flight (default 2 on PostgreSQL, 1 on PGlite)
 *   LEDGER_BENCH_PG_URL    admin URL of PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres)
 *   LEDGER_BENCH_EVENTS    off | on | both (default off): with the live events' balance trigger
 *                          (migration 0205: events table, statement trigger, NOTIFY) installed in
 *                          the bench's database; `both` runs each driver without, then with it
 *   LEDGER_BENCH_PGBENCH   off to skip the pgbench anchor (default on when `pgbench` is installed)
 *
 * On PostgreSQL the run starts with its anchor, plain pgbench TPC-B-like (scale 10, CLIENTS
 * clients, 2 threads, in its own database), and ends with the payout scenarios (a payout = a
 * linked hold of amount and fee, then its post; one transaction per call, as payouts run inside
 * the caller's transaction): one agent at CLIENTS clients, two agents at CLIENTS clients each,
 * and the same two agents paying into ONE shared fee and clearing account instead of their own
 * spread sub-accounts (ADR 008). The summary prints each target beside the anchor of the same run.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { execScript } from '../apps/server/src/db/exec-script';
import { ledgerEventsSql } from '../apps/server/src/db/migrations/0205_events';
import {
  nameMarkedStatements,
  preparedStatementsWanted,
} from '../apps/server/src/db/prepared-statements';
import {
  type Account,
  type AccountSpec,
  checkInvariants,
  isTransferOk,
  Ledger,
  ledgerMigration,
  subAccount,
  type TransferInput,
} from '../packages/ledger/src/index';

const SECONDS = Number(process.env.LEDGER_BENCH_SECONDS ?? 8);
const CLIENTS = Number(process.env.LEDGER_BENCH_CLIENTS ?? 16);
const ACCOUNTS = Number(process.env.LEDGER_BENCH_ACCOUNTS ?? 10_000);
const BATCH = Number(process.env.LEDGER_BENCH_BATCH ?? 20_000);
/** Which call modes to time: 'batched', 'unbatched' or 'both' (default). */
const MODES = process.env.LEDGER_BENCH_MODES ?? 'both';
const BATCHING = MODES !== 'unbatched';
const UNBATCHED = MODES !== 'batched';
const DRIVERS = (process.env.LEDGER_BENCH_DRIVERS ?? 'pglite,postgres').split(',');
const EVENTS = process.env.LEDGER_BENCH_EVENTS ?? 'off';
const EVENT_RUNS = EVENTS === 'both' ? [false, true] : [EVENTS === 'on'];
const ADMIN_URL = process.env.LEDGER_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Enough for every merchant to pay for the whole run without hitting insufficient funds. */
const OPENING_BALANCE = 1_000_000_000;
const INT8_OID = 20;

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`int8 ${text} is not a safe integer`);
  return value;
}

interface BenchDb {
  db: Kysely<any>;
  close(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openPostgres(): Promise<BenchDb> {
  const name = `ledger_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: CLIENTS,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? parseInt8
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // Idle connections receive a FATAL when the database is dropped; that is expected here, and
  // without a listener the pool would rethrow it as an unhandled error.
  pool.on('error', () => undefined);
  // As the server does (DATABASE_PREPARED_STATEMENTS=off compares without).
  if (preparedStatementsWanted(process.env)) nameMarkedStatements(pool);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    async close() {
      await db.destroy();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function openPglite(): Promise<BenchDb> {
  const client = new PGlite({ parsers: { [INT8_OID]: parseInt8 } });
  await client.waitReady;
  const db = new Kysely<any>({ dialect: new PGliteDialect(client) });
  return { db, close: () => db.destroy() };
}

function percentile(sortedMs: readonly number[], fraction: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.floor(fraction * sortedMs.length));
  return sortedMs[index] ?? Number.NaN;
}

interface ScenarioResult {
  transfers: number;
  refused: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
}

/** A scenario's figures from its calls' latencies (sorted here). */
function scenarioResult(latenciesMs: number[], refused: number, seconds: number): ScenarioResult {
  latenciesMs.sort((a, b) => a - b);
  return {
    transfers: latenciesMs.length,
    refused,
    seconds,
    p50Ms: percentile(latenciesMs, 0.5),
    p99Ms: percentile(latenciesMs, 0.99),
  };
}

/** Runs `clients` loops for `SECONDS`, each calling createTransfer with one transfer. */
async function runClients(
  ledger: Ledger,
  makeTransfer: (client: number, sequence: number) => TransferInput,
): Promise<ScenarioResult> {
  const latenciesMs: number[] = [];
  let refused = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const loops = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let sequence = 0; performance.now() < deadline; sequence++) {
      const callStarted = performance.now();
      const result = await ledger.createTransfer(makeTransfer(client, sequence));
      latenciesMs.push(performance.now() - callStarted);
      if (!isTransferOk(result)) refused++;
    }
  });
  await Promise.all(loops);
  const seconds = (performance.now() - started) / 1000;
  return scenarioResult(latenciesMs, refused, seconds);
}

function randomIndex(bound: number): number {
  return Math.floor(Math.random() * bound);
}

function formatScenario(name: string, result: ScenarioResult): string {
  const rate = result.transfers / result.seconds;
  return (
    `  ${name.padEnd(50)} ${rate.toFixed(0).padStart(7)} transfers/s ` +
    `p50 ${result.p50Ms.toFixed(2).padStart(7)} ms  p99 ${result.p99Ms.toFixed(2).padStart(7)} ms  ` +
    `(${result.transfers} in ${result.seconds.toFixed(1)} s, ${result.refused} refused)`
  );
}

/** Figures of one driver's run, by scenario name (the summary reads the PostgreSQL ones). */
type Figures = Map<string, ScenarioResult>;

const rateOf = (result: ScenarioResult | undefined) =>
  result === undefined ? Number.NaN : result.transfers / result.seconds;

async function benchDriver(driver: string, events: boolean): Promise<Figures> {
  const figures: Figures = new Map();
  const bench = driver === 'postgres' ? await openPostgres() : await openPglite();
  try {
    await ledgerMigration.up(bench.db);
    if (events) await execScript(bench.db, ledgerEventsSql());
    // PGlite has one connection: one merged transaction at a time makes the biggest batches.
    const maxInFlight = Number(process.env.LEDGER_BENCH_IN_FLIGHT ?? (driver === 'pglite' ? 1 : 2));
    const ledger = new Ledger(bench.db, { batching: { maxInFlight } });
    const run = randomBytes(3).toString('hex');
    console.log(
      `\n${driver}${events ? ' WITH the balance event trigger' : ''}: ${CLIENTS} clients, ${ACCOUNTS} merchant accounts, ${SECONDS} s per scenario`,
    );

    const setupStarted = performance.now();
    const [clearing] = await ledger.ensureAccounts([
      { kind: 'rail_clearing', environment: 'production', subkey: 'bench' },
    ]);
    if (clearing === undefined) throw new Error('no clearing account');
    const merchants: Account[] = await ledger.ensureAccounts(
      Array.from({ length: ACCOUNTS }, (_, index) => ({
        kind: 'merchant_available',
        agentId: index + 1,
        environment: 'production' as const,
      })),
    );
    const funding = await ledger.createTransfers(
      merchants.map((merchant) => ({
        id: `${run}-fund-${merchant.id}`,
        debitAccountId: clearing.id,
        creditAccountId: merchant.id,
        amount: OPENING_BALANCE,
        kind: 'topup',
      })),
    );
    if (!funding.every(isTransferOk)) throw new Error('funding failed');
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    console.log(
      `  setup (accounts + ${ACCOUNTS} funding transfers in one batch): ${setupSeconds.toFixed(2)} s`,
    );

    const hot = merchants[0];
    if (hot === undefined) throw new Error('no hot account');
    const spreadTransfer =
      (tag: string) =>
      (client: number, sequence: number): TransferInput => {
        const from = randomIndex(merchants.length);
        const to = (from + 1 + randomIndex(merchants.length - 1)) % merchants.length;
        return {
          id: `${run}-${tag}-${client}-${sequence}`,
          debitAccountId: merchants[from]?.id,
          creditAccountId: merchants[to]?.id,
          amount: 1 + randomIndex(1_000),
          kind: 'transfer',
          reference: `trx-${client}-${sequence}`,
        };
      };
    // Every transfer touches the hot merchant: half pay out of it, half pay into it.
    const hotTransfer =
      (tag: string) =>
      (client: number, sequence: number): TransferInput => {
        const other = merchants[1 + randomIndex(merchants.length - 1)];
        const outgoing = sequence % 2 === 0;
        return {
          id: `${run}-${tag}-${client}-${sequence}`,
          debitAccountId: outgoing ? hot.id : other?.id,
          creditAccountId: outgoing ? other?.id : hot.id,
          amount: 1 + randomIndex(1_000),
          kind: 'transfer',
        };
      };
    const modes: Array<[string, Ledger]> = [];
    if (BATCHING) modes.push([`batched, ${maxInFlight} in flight`, ledger]);
    if (UNBATCHED)
      modes.push(['one transaction per call', new Ledger(bench.db, { batching: false })]);
    for (const [mode, subject] of modes) {
      const tag = mode.startsWith('one') ? 'solo' : 'merged';
      const spread = await runClients(subject, spreadTransfer(`${tag}-spread`));
      console.log(formatScenario(`spread over accounts (${mode})`, spread));
      const hotResult = await runClients(subject, hotTransfer(`${tag}-hot`));
      console.log(formatScenario(`one hot merchant (${mode})`, hotResult));
      figures.set(`${tag}-spread`, spread);
      figures.set(`${tag}-hot`, hotResult);
    }

    const batch: TransferInput[] = Array.from({ length: BATCH }, (_, index) => {
      const from = randomIndex(merchants.length);
      const to = (from + 1 + randomIndex(merchants.length - 1)) % merchants.length;
      return {
        id: `${run}-batch-${index}`,
        debitAccountId: merchants[from]?.id,
        creditAccountId: merchants[to]?.id,
        amount: 1 + randomIndex(1_000),
        kind: 'settlement',
      };
    });
    const batchStarted = performance.now();
    const batchResults = await ledger.createTransfers(batch);
    const batchSeconds = (performance.now() - batchStarted) / 1000;
    const batchOk = batchResults.filter(isTransferOk).length;
    console.log(
      `  batch of ${BATCH} transfers (one call)${' '.repeat(22)}${batchSeconds.toFixed(2).padStart(7)} s ` +
        `(${(BATCH / batchSeconds).toFixed(0)} transfers/s, ${batchOk} created)`,
    );

    const checkStarted = performance.now();
    const report = await checkInvariants(bench.db);
    const checkSeconds = (performance.now() - checkStarted) / 1000;
    console.log(
      `  invariants ${report.ok ? 'ok' : 'VIOLATED'} over ${report.counted.transfers} transfers, ` +
        `${report.counted.entries} entries (${checkSeconds.toFixed(2)} s)`,
    );
    for (const violation of report.violations.slice(0, 5)) console.log(`    ${violation}`);
    if (events) {
      const written = await sql<{ n: number }>`select count(*)::int as n from events`.execute(
        bench.db,
      );
      console.log(`  balance events written by the trigger: ${written.rows[0]?.n ?? 0}`);
    }
    const rssMiB = process.memoryUsage().rss / 2 ** 20;
    console.log(`  process rss ${rssMiB.toFixed(0)} MiB`);
    return figures;
  } finally {
    await bench.close();
  }
}

/**
 * The anchor: plain pgbench (TPC-B-like: three updates, one select, one insert per transaction),
 * scale 10, CLIENTS clients, 2 threads, SECONDS, in a database of its own; null without pgbench.
 */
function pgbenchAnchor(): number | null {
  if (process.env.LEDGER_BENCH_PGBENCH === 'off') return null;
  const name = `ledger_bench_pgbench_${randomBytes(4).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const run = (args: string[]) =>
    execFileSync('pgbench', [...args, url.toString()], { encoding: 'utf8', stdio: 'pipe' });
  try {
    execFileSync('psql', [ADMIN_URL, '-qc', `create database ${name}`], { stdio: 'pipe' });
  } catch {
    console.log('  pgbench anchor: skipped (no psql/pgbench or no PostgreSQL)');
    return null;
  }
  try {
    run(['-i', '-q', '-s', '10']);
    const out = run(['-n', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS)]);
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    const latency = /latency average = ([\d.]+ ms)/.exec(out)?.[1] ?? '?';
    console.log(
      `  anchor: pgbench TPC-B-like, scale 10, ${CLIENTS} clients, 2 threads, ${SECONDS} s: ` +
        `${tps.toFixed(0)} tps, latency average ${latency}`,
    );
    return tps;
  } finally {
    execFileSync('psql', [ADMIN_URL, '-qc', `drop database if exists ${name} with (force)`], {
      stdio: 'pipe',
    });
  }
}

/** One agent's payout accounts: its merchant row, its fee and clearing (spread or shared). */
async function payoutAccountsOf(ledger: Ledger, agentId: number, spread: boolean) {
  const fees: AccountSpec = { kind: 'fee_revenue', environment: 'production' };
  const clearing: AccountSpec = { kind: 'rail_clearing', subkey: 'BCA', environment: 'production' };
  const [merchant, feeAccount, clearingAccount] = await ledger.ensureAccounts([
    { kind: 'merchant_available', agentId, environment: 'production' },
    spread ? subAccount(fees, `a${agentId}`) : fees,
    spread ? subAccount(clearing, `a${agentId}`) : clearing,
  ]);
  if (!merchant || !feeAccount || !clearingAccount) throw new Error('payout accounts missing');
  return { merchant: merchant.id, fees: feeAccount.id, clearing: clearingAccount.id };
}

/**
 * CLIENTS clients per agent, each paying out in a loop the way the payout pipeline does (one
 * transaction per call): a linked hold of amount (to clearing) and fee (to fee revenue), then
 * the post of both. Payouts per second over all agents, latency of the whole payout.
 */
async function payoutScenario(
  ledger: Ledger,
  run: string,
  agents: Awaited<ReturnType<typeof payoutAccountsOf>>[],
): Promise<ScenarioResult> {
  const latenciesMs: number[] = [];
  let refused = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const loops = agents.flatMap((agent, a) =>
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let sequence = 0; performance.now() < deadline; sequence++) {
        const at = performance.now();
        const id = `${run}-${a}-${client}-${sequence}`;
        const held = await ledger.createTransfers([
          {
            id: `${id}-amount`,
            debitAccountId: agent.merchant,
            creditAccountId: agent.clearing,
            amount: 10_000,
            kind: 'payout',
            flags: { pending: true, linked: true },
          },
          {
            id: `${id}-fee`,
            debitAccountId: agent.merchant,
            creditAccountId: agent.fees,
            amount: 2_500,
            kind: 'payout_fee',
            flags: { pending: true },
          },
        ]);
        const posted = held.every(isTransferOk)
          ? await ledger.createTransfers([
              {
                id: `${id}-amount-post`,
                pendingId: `${id}-amount`,
                flags: { postPending: true },
                kind: 'payout',
              },
              {
                id: `${id}-fee-post`,
                pendingId: `${id}-fee`,
                flags: { postPending: true },
                kind: 'payout_fee',
              },
            ])
          : [];
        latenciesMs.push(performance.now() - at);
        if (!held.every(isTransferOk) || !posted.every(isTransferOk)) refused++;
      }
    }),
  );
  await Promise.all(loops);
  const seconds = (performance.now() - started) / 1000;
  return scenarioResult(latenciesMs, refused, seconds);
}

/** The payout scenarios on PostgreSQL, in a database of their own (see the header). */
async function payoutScenarios(): Promise<Figures> {
  const bench = await openPostgres();
  const figures: Figures = new Map();
  try {
    await ledgerMigration.up(bench.db);
    const ledger = new Ledger(bench.db, { batching: false });
    const run = randomBytes(3).toString('hex');
    const [cash] = await ledger.ensureAccounts([
      { kind: 'cash_in_clearing', environment: 'production', subkey: 'bench' },
    ]);
    const spread = [
      await payoutAccountsOf(ledger, 1, true),
      await payoutAccountsOf(ledger, 2, true),
    ];
    const shared = [
      await payoutAccountsOf(ledger, 3, false),
      await payoutAccountsOf(ledger, 4, false),
    ];
    const funding = await ledger.createTransfers(
      [...spread, ...shared].map((agent) => ({
        id: `${run}-fund-${agent.merchant}`,
        debitAccountId: cash?.id,
        creditAccountId: agent.merchant,
        amount: OPENING_BALANCE * 100,
        kind: 'topup',
      })),
    );
    if (!funding.every(isTransferOk)) throw new Error('payout funding failed');
    console.log(`\npostgres payouts (hold of amount + fee, then post; one transaction per call):`);
    const scenarios: Array<[string, string, typeof spread]> = [
      [
        'payout-one',
        `one agent, ${CLIENTS} clients (own fee and clearing sub-accounts)`,
        spread.slice(0, 1),
      ],
      ['payout-two', `two agents, ${CLIENTS} clients each (own sub-accounts)`, spread],
      [
        'payout-shared',
        `two agents, ${CLIENTS} clients each, ONE shared fee and clearing account`,
        shared,
      ],
    ];
    for (const [key, label, agents] of scenarios) {
      const result = await payoutScenario(ledger, `${run}-${key}`, agents);
      figures.set(key, result);
      console.log(formatScenario(label, result).replace('transfers/s', 'payouts/s  '));
    }
    const report = await checkInvariants(bench.db);
    console.log(
      `  invariants ${report.ok ? 'ok' : 'VIOLATED'} over ${report.counted.transfers} transfers`,
    );
    return figures;
  } finally {
    await bench.close();
  }
}

/** Issue 30's ledger targets, each beside the anchor measured in this run. */
function printSummary(tps: number | null, main: Figures, payouts: Figures) {
  const merged = rateOf(main.get('merged-spread'));
  const mergedHot = rateOf(main.get('merged-hot'));
  const hotSolo = main.get('solo-hot');
  const one = rateOf(payouts.get('payout-one'));
  const two = rateOf(payouts.get('payout-two'));
  const shared = rateOf(payouts.get('payout-shared'));
  console.log(
    '\nsummary (PostgreSQL, this run; the machine is shared, so compare within the run):',
  );
  if (tps !== null) {
    console.log(
      `  merged calls: spread ${merged.toFixed(0)}/s = ${(merged / tps).toFixed(2)}×, hot ` +
        `${mergedHot.toFixed(0)}/s = ${(mergedHot / tps).toFixed(2)}× pgbench ${tps.toFixed(0)} tps (target ≥ 2)`,
    );
  }
  console.log(
    `  one hot merchant, one transaction per call: ${rateOf(hotSolo).toFixed(0)}/s, ` +
      `p99 ${hotSolo?.p99Ms.toFixed(1)} ms (target ≤ 50)`,
  );
  console.log(
    `  payouts: two agents ${two.toFixed(0)}/s = ${(two / one).toFixed(2)}× one agent ` +
      `${one.toFixed(0)}/s (target ≈ 2); with one shared fee and clearing account ` +
      `${shared.toFixed(0)}/s = ${(shared / one).toFixed(2)}×`,
  );
}

console.log(`ledger bench on ${process.version}, ${(await import('node:os')).cpus().length} cores`);
let postgresFigures: Figures | null = null;
let pgbenchTps: number | null = null;
for (const driver of DRIVERS) {
  for (const events of EVENT_RUNS) {
    if (driver.trim() === 'postgres' && !events) pgbenchTps = pgbenchAnchor();
    const figures = await benchDriver(driver.trim(), events);
    if (driver.trim() === 'postgres' && !events) postgresFigures = figures;
  }
}
if (postgresFigures !== null && process.env.LEDGER_BENCH_PAYOUTS !== 'off') {
  printSummary(pgbenchTps, postgresFigures, await payoutScenarios());
}
