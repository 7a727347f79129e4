/**
 * Scheduled payouts benchmark: 10,000 scheduled withdrawals of one merchant due
 * in the same minute, on PostgreSQL. The job's pass (modules/schedules/runner.ts) claims each
 * occurrence and opens its payout through the pipeline in batches, then calls the rail simulator
 * for each. Prints the time until every occurrence is opened (money held, rail submission written)
 * and until every payout was sent to the rail, with one job process and with two at once (each
 * its own services and pool over one database), and checks that each occurrence ran once.
 * Target: all submitted within 60 s on the 2-core machine.
 *
 *   npm run bench:schedules     (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   SCHEDULES_BENCH_COUNT=10000 npm run bench:schedules
 *   SCHEDULES_BENCH_BENEFICIARIES=1 npm run bench:schedules   (each made for a saved beneficiary:
 *     the pass asks the account inquiry again for every one before its transaction)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { checkInvariants, isTransferOk } from '@gerbang/ledger';
import pg from 'pg';
import { bootstrap } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { runRailSweep } from '../apps/server/src/modules/payouts/rail-work';
import { runOnce } from '../apps/server/src/modules/schedules/runner';
import { createClock } from '../apps/server/src/platform/clock';
import { seedDemo } from '../apps/server/src/seed/seed-demo';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COUNT = Number(process.env.SCHEDULES_BENCH_COUNT ?? 10_000);
const TARGET_MS = 60_000;
const BENEFICIARIES = process.env.SCHEDULES_BENCH_BENEFICIARIES === '1';
/**
 * Schedules whose account the simulator does not find at the run (magic suffixes 0000 and 7777):
 * with beneficiaries they fail that run (ACCOUNT_NOT_FOUND / ACCOUNT_CHECK_FAILED), not opened.
 */
let refusedAccounts = 0;
const SWEEP_MS = Number(process.env.SCHEDULES_BENCH_SWEEP_S ?? 20) * 1_000;
/** Tuesday 10 March 2026, 09:00 WIB: outside the cut-off and the banks' night window. */
const DUE = new Date('2026-03-10T02:00:00Z');

async function admin(text: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function start(url: string, at: Date) {
  const config = loadConfig({
    ...process.env,
    GERBANG_MODE: 'test',
    NODE_ENV: 'test',
    DATABASE_URL: url,
    SMTP_URL: '',
    TEST_MODE_KEY: 'bench',
  });
  const clock = createClock(at);
  return bootstrap(config, { clock });
}

type Running = Awaited<ReturnType<typeof start>>;

/** COUNT schedules of partner@demo.id, each due at DUE, and the money for all of them. */
async function prepare(running: Running) {
  const { db, ledger } = running.services;
  const user = await db
    .selectFrom('users')
    .select(['id', 'agent_id'])
    .where('username', '=', 'partner@demo.id')
    .executeTakeFirstOrThrow();
  const [source, merchant] = await ledger.ensureAccounts([
    { kind: 'cash_in_clearing', subkey: 'bench', environment: 'production' },
    { kind: 'merchant_available', agentId: user.agent_id, environment: 'production' },
  ]);
  const funded = await ledger.createTransfer({
    id: `bench-schedules-${randomBytes(4).toString('hex')}`,
    debitAccountId: source!.id,
    creditAccountId: merchant!.id,
    amount: COUNT * 20_000,
    kind: 'topup',
  });
  if (!isTransferOk(funded)) throw new Error(`funding refused: ${funded.result}`);
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    agent_id: user.agent_id,
    environment: 'production' as const,
    maker_user_id: user.id,
    kind: 'withdraw' as const,
    destination: JSON.stringify({
      rail: 'BANK',
      code: '014',
      rail_code: '014',
      product_name: 'Bank BCA',
      account_type: 'NORMAL',
      account_number: String(1_000_000_000 + i),
      account_name: `Penerima ${i}`,
    }),
    amount: 10_000,
    rule: JSON.stringify({ frequency: 'once', start_date: '2026-03-10', time: '09:00' }),
    next_due_at: DUE,
    next_run_at: DUE,
    created_at: DUE,
    updated_at: DUE,
  }));
  const inquiries = BENEFICIARIES ? await beneficiaryInquiries(running, user, rows.length) : [];
  for (let i = 0; i < rows.length; i += 1_000) {
    await db
      .insertInto('payout_schedules')
      .values(
        rows
          .slice(i, i + 1_000)
          .map((r, j) => ({ ...r, source_inquiry_id: inquiries[i + j] ?? null })),
      )
      .execute();
  }
}

/**
 * One withdraw inquiry per schedule made for a saved beneficiary whose saved name is the one the
 * simulator answers (so each run asks again and passes the name check): their ids, in order.
 */
async function beneficiaryInquiries(
  running: Running,
  user: { id: number; agent_id: number },
  count: number,
): Promise<number[]> {
  const { db, rails } = running.services;
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1_000) {
    const values = [];
    for (let j = i; j < Math.min(count, i + 1_000); j++) {
      const accountNumber = String(1_000_000_000 + j);
      const found = await rails.bank.inquiry({
        bankCode: '014',
        accountNumber,
        accountType: 'NORMAL',
        now: DUE,
      });
      const name = found.ok ? found.accountName : `Penerima ${j}`;
      if (!found.ok) refusedAccounts += 1;
      values.push({
        ...{
          id_transaksi: `WDBENCH${j}`,
          agent_id: user.agent_id,
          environment: 'production' as const,
        },
        ...{
          user_id: user.id,
          kind: 'BANK' as const,
          code: '014',
          rail_code: '014',
          kode_produk: 'BCA',
        },
        ...{ account_type: 'NORMAL' as const, account_number: accountNumber, account_name: name },
        ...{
          product_name: 'Bank BCA',
          amount: 10_000,
          admin_fee: 2_500,
          note: '',
          sender_name: '',
        },
        ...{
          purpose: '',
          checksum: 'bench',
          uuid_user: `bench-${j}`,
          created_at: DUE,
          expires_at: DUE,
        },
        ...{ beneficiary_id: j + 1, beneficiary_name: name },
      });
    }
    const rows = await db.insertInto('withdraw_inquiries').values(values).returning('id').execute();
    ids.push(...rows.map((r) => Number(r.id)));
  }
  return ids;
}

async function counts(running: Running) {
  const { db } = running.services;
  const runs = await db
    .selectFrom('schedule_runs')
    .select((eb) => [
      eb.fn.countAll<number>().as('runs'),
      eb.fn.count<number>('reference').distinct().as('references'),
    ])
    .executeTakeFirstOrThrow();
  const paid = await db
    .selectFrom('rail_submissions')
    .select((eb) => [
      eb.fn.countAll<number>().as('submissions'),
      eb.fn.count<number>('rail_reference').as('sent'),
    ])
    .where('source_kind', '=', 'scheduled_withdraw')
    .executeTakeFirstOrThrow();
  return {
    runs: Number(runs.runs),
    references: Number(runs.references),
    submissions: Number(paid.submissions),
    sent: Number(paid.sent),
  };
}

async function round(processes: number) {
  const name = `gerbang_sched_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const first = await start(url.toString(), new Date(DUE.getTime() - 3_600_000));
  const others: Running[] = [];
  try {
    await seedDemo(first.services);
    refusedAccounts = 0;
    await prepare(first);
    const opened = COUNT - refusedAccounts;
    first.services.clock.set(new Date(DUE.getTime() + 5_000));
    for (let i = 1; i < processes; i++) {
      others.push(await start(url.toString(), new Date(DUE.getTime() + 5_000)));
    }
    const started = performance.now();
    const reports = await Promise.all([first, ...others].map((r) => runOnce(r.services)));
    const ms = performance.now() - started;
    const c = await counts(first);
    const ledger = await checkInvariants(first.services.db);
    const claimed = reports.reduce((n, r) => n + r.claimed, 0);
    console.log(
      `  ${processes} job process${processes > 1 ? 'es' : ''}: ${COUNT.toLocaleString('en')} due → ` +
        `${c.submissions.toLocaleString('en')} opened, ${c.sent.toLocaleString('en')} sent to the rail ` +
        `in ${(ms / 1000).toFixed(1)} s (${Math.round((COUNT / ms) * 1000)}/s); claimed ${claimed}, ` +
        `runs ${c.runs}, distinct payouts ${c.references}` +
        (refusedAccounts > 0 ? ` (${refusedAccounts} failed: account not found)` : '') +
        `; ledger ${ledger.ok ? 'ok' : 'VIOLATED'}` +
        (processes === 1
          ? ` — ${c.submissions === opened && claimed === COUNT && ms <= TARGET_MS ? 'within target' : 'NOT within target'}`
          : ' (shared hot merchant account: the two passes queue on its ledger row)'),
    );
    if (c.runs !== COUNT || c.references !== opened || c.submissions !== opened) {
      process.exitCode = 1;
    }
    if (processes === 1) await sweepRate(first, c.sent);
  } finally {
    for (const other of others) await other.close();
    await first.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** The rail sweep's pace on the rest of the burst (one process), over a bounded window. */
async function sweepRate(running: Running, sentBefore: number) {
  const started = performance.now();
  while (performance.now() - started < SWEEP_MS) {
    const swept = await runRailSweep(running.services);
    if (swept.claimed === 0) break;
  }
  const ms = performance.now() - started;
  const sent = (await counts(running)).sent - sentBefore;
  console.log(
    `    rail sweep afterwards: ${sent.toLocaleString('en')} more sent to the rail in ${(ms / 1000).toFixed(1)} s (${Math.round((sent / ms) * 1000)}/s)`,
  );
}

async function main() {
  console.log(
    `scheduled payouts bench: ${COUNT.toLocaleString('en')} schedules due in one minute${BENEFICIARIES ? ', each for a saved beneficiary (name asked again)' : ''}, PostgreSQL, target ≤ ${TARGET_MS / 1000} s (load ${loadavg()[0]?.toFixed(2)})`,
  );
  await round(1);
  await round(2);
}

await main();
