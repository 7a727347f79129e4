import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkInvariants } from '@gerbang/ledger';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helpers/databases';
import { DEMO_PASSWORD } from '../helpers/test-app';
import { BankClient, freePort, NoAnswer, ServerProcess } from '../security/bank-server';

/**
 * A rolling restart under load: two server processes on one PostgreSQL behind a balancer; while
 * payers pay VAs and QRIS codes through the rails simulator and merchants read their balance,
 * each process in turn gets SIGTERM and is started again. Every request must get its answer (0
 * failed), every acknowledged payment must be booked once, and the ledger must stay exact.
 *
 * The balancer is the test's stand-in for nginx or HAProxy with the usual settings: it sends only
 * to processes whose /readyz answers 200 (probed every 100 ms), opens a connection per request,
 * and tries the other process when a connection is refused (the request was never received, so
 * that is safe for a POST). The server's part is the graceful stop (main.ts): /readyz turns 503,
 * the listener closes after SHUTDOWN_DRAIN_MS, requests in flight are answered.
 */

const TEST_KEY = 'rolling-restart-key';
const USERS = ['partner@demo.id', 'h2h@demo.id'];
const CLIENTS = 4;
const ROUNDS = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const runOnPostgres = Boolean(process.env.DATABASE_URL);

interface Backend {
  server: ServerProcess;
  ready: boolean;
}

/** The balancer: round robin over ready backends, connection refused → the next one. */
function startBalancer(backends: Backend[]) {
  let next = 0;
  let stopped = false;
  const probe = async () => {
    while (!stopped) {
      await Promise.all(
        backends.map(async (b) => {
          try {
            const res = await fetch(`${b.server.url}/readyz`, { signal: AbortSignal.timeout(500) });
            b.ready = res.status === 200;
          } catch {
            b.ready = false;
          }
        }),
      );
      await sleep(100);
    }
  };
  void probe();

  const forward = (
    req: IncomingMessage,
    body: Buffer,
    tries: number,
    answer: (status: number, headers: Record<string, string | string[]>, body: Buffer) => void,
  ) => {
    const ready = backends.filter((b) => b.ready);
    const pool = ready.length > 0 ? ready : backends;
    const backend = pool[next++ % pool.length]!;
    const url = new URL(backend.server.url);
    const upstream = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: url.host, connection: 'close' },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers = { ...res.headers } as Record<string, string | string[]>;
          delete headers.connection;
          delete headers['transfer-encoding'];
          answer(res.statusCode ?? 502, headers, Buffer.concat(chunks));
        });
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && tries < 20) {
        backend.ready = false;
        setTimeout(() => forward(req, body, tries + 1, answer), 50);
        return;
      }
      answer(502, { 'content-type': 'text/plain' }, Buffer.from(`balancer: ${error.code}`));
    });
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      forward(req, Buffer.concat(chunks), 0, (status, headers, body) => {
        res.writeHead(status, headers);
        res.end(body);
      }),
    );
  });
  return {
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => {
      stopped = true;
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!runOnPostgres)('rolling restart of two server processes', () => {
  it('answers every request while each process is restarted in turn', async () => {
    const pgdb = await createPostgresDatabase('gerbang_rolling');
    const exportDir = mkdtempSync(path.join(tmpdir(), 'gerbang-rolling-'));
    const envFor = async (): Promise<NodeJS.ProcessEnv> => ({
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: pgdb.url,
      GERBANG_MODE: 'demo',
      NODE_ENV: 'development',
      TEST_MODE_KEY: TEST_KEY,
      CAPTCHA_COST: '50',
      LOG_LEVEL: 'warn',
      EXPORT_DIR: exportDir,
      SESSION_SECRET: 'rolling-restart-session-secret-0123456789',
      CAPTCHA_SECRET: 'rolling-restart-captcha-secret-0123456789',
      // Long enough for the balancer's 100 ms probe to see 503 before the listener closes.
      SHUTDOWN_DRAIN_MS: '600',
    });
    const backends: Backend[] = [];
    for (let i = 0; i < 2; i++) {
      const env = await envFor();
      backends.push({ server: new ServerProcess(Number(env.PORT), env), ready: false });
    }
    const balancer = startBalancer(backends);
    const db = new Kysely<any>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgdb.url, max: 2 }) }),
    });
    try {
      // One at a time: the first start migrates and seeds the demo data.
      for (const b of backends) await b.server.start();
      const base = await balancer.listen();
      const front = { url: base, ready: Promise.resolve() } as unknown as ServerProcess;

      const figures = { requests: 0, failed: [] as string[], acknowledged: [] as string[] };
      let loadOver = false;
      const client = async (index: number) => {
        const c = new BankClient(front, USERS[index % USERS.length]!, DEMO_PASSWORD, TEST_KEY);
        await c.login();
        for (let seq = 0; !loadOver; seq++) {
          const step = async (what: string, send: () => Promise<{ rc: string; rd: string }>) => {
            figures.requests += 1;
            try {
              const res = await send();
              if (res.rc !== '00') figures.failed.push(`${what}: ${res.rc} ${res.rd}`);
              return res;
            } catch (error) {
              figures.failed.push(`${what}: ${error instanceof NoAnswer ? error.message : error}`);
              return null;
            }
          };
          const qris = seq % 2 === 1;
          const amount = 10_000 + ((index * 7 + seq * 13) % 40) * 1_000;
          const issued = (await step('issue', () =>
            c.send(
              'POST',
              '/dev/simulator/issue',
              qris
                ? { channel: 'QRIS', agent: c.username, amount }
                : { channel: '014', agent: c.username },
            ),
          )) as { data?: any } | null;
          if (!issued?.data) continue;
          const reference = `ROLL-${index}-${seq}`;
          const paid = await step('pay', () =>
            c.send('POST', '/dev/simulator/pay', {
              channel: issued.data.pay_channel,
              number: issued.data.number,
              amount,
              reference,
            }),
          );
          if (paid?.rc === '00') figures.acknowledged.push(reference);
          await step('balance', () => c.send('GET', '/data/app_info_web'));
        }
      };

      const load = Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
      const restarts: number[] = [];
      await sleep(3_000);
      for (let round = 0; round < ROUNDS; round++) {
        for (const b of backends) {
          const at = performance.now();
          await b.server.stop();
          await b.server.start();
          restarts.push(Math.round(performance.now() - at));
          // Back in the balancer's list before the other one goes.
          while (!b.ready) await sleep(50);
          await sleep(1_000);
        }
      }
      loadOver = true;
      await load;

      const receipts = await db
        .selectFrom('payin_receipts')
        .select(['rail_reference'])
        .where('rail_reference', 'like', 'ROLL-%')
        .execute();
      const booked = new Map<string, number>();
      for (const r of receipts)
        booked.set(r.rail_reference, (booked.get(r.rail_reference) ?? 0) + 1);
      const report = await checkInvariants(db);
      console.log(
        [
          `rolling restart: ${ROUNDS} rounds over 2 processes (stop + start ${restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')})`,
          `  requests ${figures.requests}, failed ${figures.failed.length}; pay-ins acknowledged ${figures.acknowledged.length}, booked once ${[...booked.values()].filter((n) => n === 1).length}`,
          `  ledger check: ${report.ok ? 'all invariants hold' : `${report.violations.length} violations`} over ${report.counted.transfers} transfers`,
        ].join('\n'),
      );
      expect(figures.failed).toEqual([]);
      expect(figures.acknowledged.length).toBeGreaterThan(10);
      for (const reference of figures.acknowledged)
        expect(booked.get(reference), reference).toBe(1);
      expect(booked.size).toBe(figures.acknowledged.length);
      expect(report.violations).toEqual([]);
    } finally {
      await balancer.close();
      for (const b of backends) await b.server.stop();
      await db.destroy();
      await pgdb.drop();
      rmSync(exportDir, { recursive: true, force: true });
    }
  }, 300_000);
});
