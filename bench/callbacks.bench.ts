/**
 * Callback delivery benchmark: how many callbacks per second the delivery job
 * (modules/callbacks/deliver.ts, its default concurrency and per-agent limit) delivers to a local
 * receiver. The bench makes a fresh PostgreSQL database with the demo data, points every demo
 * agent's callback URLs at an HTTP receiver on 127.0.0.1 (answering 200, after
 * CALLBACKS_BENCH_DELAY_MS), queues COUNT signed-when-configured callbacks spread over the agents,
 * and runs delivery passes until all are delivered. Prints callbacks/s, the attempt-to-answer
 * latency the receiver saw, and the load average (the figures are noisy on a shared machine).
 *
 *   npm run bench:callbacks   (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   CALLBACKS_BENCH_COUNT=2000 CALLBACKS_BENCH_DELAY_MS=20 npm run bench:callbacks
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import pg from 'pg';
import { bootstrap } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { DEFAULT_DELIVERY, runCallbacksOnce } from '../apps/server/src/modules/callbacks/deliver';
import { callbackRow } from '../apps/server/src/modules/callbacks/queue';
import { createClock } from '../apps/server/src/platform/clock';
import { seedDemo } from '../apps/server/src/seed/seed-demo';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COUNT = Number(process.env.CALLBACKS_BENCH_COUNT ?? 2_000);
const DELAY_MS = Number(process.env.CALLBACKS_BENCH_DELAY_MS ?? 0);
/** Stop after this long even if not all are delivered (keeps a run short on a busy machine). */
const LIMIT_MS = Number(process.env.CALLBACKS_BENCH_LIMIT_S ?? 60) * 1_000;
/** Queue the callbacks for the first AGENTS demo agents only (1: one partner's backlog). */
const AGENTS = Number(process.env.CALLBACKS_BENCH_AGENTS ?? 0);
/** Delivery options other than the default, for comparing them (CONCURRENCY, PER_AGENT). */
const CONCURRENCY = Number(process.env.CALLBACKS_BENCH_CONCURRENCY ?? 0);
const PER_AGENT = Number(process.env.CALLBACKS_BENCH_PER_AGENT ?? 0);
const AT = new Date('2026-11-24T03:00:00Z');

async function admin(text: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function receiver() {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (DELAY_MS > 0) setTimeout(answer, DELAY_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    count: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Running = Awaited<ReturnType<typeof bootstrap>>;

/** Every demo agent's callback URLs at the receiver; COUNT callbacks queued over them. */
async function prepare(running: Running, url: string): Promise<number> {
  const db = running.services.db;
  const all = (await db.selectFrom('agents').select('id').orderBy('id').execute()).map((a) =>
    Number(a.id),
  );
  const agents = AGENTS > 0 ? all.slice(0, AGENTS) : all;
  const now = running.services.now();
  await db.updateTable('callbacks').set({ status_sent: 1, next_attempt_at: null }).execute();
  for (const agentId of agents) {
    for (let idinfo = 1; idinfo <= 10; idinfo++) {
      await db
        .insertInto('callback_urls')
        .values({
          agent_id: agentId,
          environment: 'production',
          idinfo,
          type_info: `T${idinfo}`,
          type_value: url,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['agent_id', 'environment', 'idinfo']).doUpdateSet({ type_value: url }),
        )
        .execute();
    }
  }
  const rows = Array.from({ length: COUNT }, (_, i) =>
    callbackRow(now, {
      agentId: agents[i % agents.length] as number,
      environment: 'production',
      idTransaksi: `BENCH-CB-${i}`,
      type: 'payment',
      timeRequest: now,
      body: { id_transaksi: `BENCH-CB-${i}`, amount: 10_000 + i },
    }),
  );
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('callbacks')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return agents.length;
}

async function main() {
  const name = `gerbang_cb_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const config = loadConfig({
    ...process.env,
    GERBANG_MODE: 'test',
    NODE_ENV: 'test',
    DATABASE_URL: url.toString(),
    SMTP_URL: '',
    TEST_MODE_KEY: 'bench',
  });
  const running = await bootstrap(config, { clock: createClock(AT) });
  const sink = await receiver();
  try {
    await seedDemo(running.services);
    const agents = await prepare(running, sink.url);
    const options = {
      ...DEFAULT_DELIVERY,
      idlePollMs: 20,
      ...(CONCURRENCY > 0 ? { concurrency: CONCURRENCY } : {}),
      ...(PER_AGENT > 0 ? { perAgent: PER_AGENT } : {}),
    };
    console.log(
      `callbacks bench: ${COUNT.toLocaleString('en')} callbacks over ${agents} agents to a local receiver (answer after ${DELAY_MS} ms), concurrency ${options.concurrency}, ${options.perAgent} per agent, PostgreSQL (load ${loadavg()[0]?.toFixed(2)})`,
    );
    const started = performance.now();
    let delivered = 0;
    let failed = 0;
    while (delivered + failed < COUNT && performance.now() - started < LIMIT_MS) {
      const report = await runCallbacksOnce(running.services, options);
      delivered += report.delivered;
      failed += report.failed + report.retrying;
      if (report.claimed === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  delivered ${delivered.toLocaleString('en')} (${failed} failed) in ${seconds.toFixed(1)} s: ${Math.round(delivered / seconds)} callbacks/s; receiver got ${sink.count()} (load ${loadavg()[0]?.toFixed(2)})`,
    );
    if (delivered < COUNT) process.exitCode = 1;
  } finally {
    await sink.close();
    await running.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
