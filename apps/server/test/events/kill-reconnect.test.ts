import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed/demo-users';
import { ReconnectingEventSource } from '../helpers/event-source';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { agentIdOf, newReference, PARTNER, TUESDAY_10_WIB } from '../payins/factory';
import { BankClient, freePort, ServerProcess } from '../security/bank-server';

/**
 * Live events survive kill -9 of the process the tabs are connected to (ADR 017): a real server
 * process with streams open is SIGKILLed while payments go on through a second process (this
 * test's app, same PostgreSQL) and is started again. Each stream reconnects as EventSource does
 * (the server's `retry:`, then `Last-Event-ID`) and ends up with every event of its scope in the
 * events table exactly once — none lost while the process was gone, repeats dropped by id as the
 * page does — and another agent's stream receives none of them.
 */
const TEST_KEY = 'events-kill-test-key';
/** Types the partner's session may receive (its role has every page that shows them). */
const CHECKED = ['transaction', 'balance', 'callback', 'pay', 'topup'];
const runOnPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!runOnPostgres)('live events across kill -9 of the server process', () => {
  let a: TestApp;
  let server: ServerProcess;
  let exportDir: string;
  const streams: ReconnectingEventSource[] = [];

  beforeAll(async () => {
    a = await createTestApp('postgres', { clockAt: TUESDAY_10_WIB });
    exportDir = mkdtempSync(path.join(tmpdir(), 'gerbang-events-kill-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: a.services.config.databaseUrl ?? '',
      GERBANG_MODE: 'demo',
      NODE_ENV: 'development',
      TEST_MODE_KEY: TEST_KEY,
      LOG_LEVEL: 'warn',
      EXPORT_DIR: exportDir,
    };
    delete env.SESSION_SECRET;
    delete env.CAPTCHA_SECRET;
    server = new ServerProcess(Number(env.PORT), env);
    await server.start(120_000);
  }, 180_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await server?.stop();
    await a?.close();
    rmSync(exportDir, { recursive: true, force: true });
  });

  /** A pay-in into the partner's open VA, through the test's own app (the other process). */
  async function payin(): Promise<string> {
    const issued = await a
      .client()
      .post('/dev/simulator/issue', { channel: '014', agent: PARTNER });
    expect(issued.rc, issued.rd).toBe('00');
    const paid = await a.client().post('/dev/simulator/pay', {
      channel: issued.data.pay_channel,
      number: issued.data.number,
      amount: 25_000,
      reference: newReference('KILL'),
    });
    expect(paid.rc, paid.rd).toBe('00');
    return paid.data.id_transaksi as string;
  }

  async function stream(username: string, from: string) {
    const client = new BankClient(server, username, DEMO_PASSWORD, TEST_KEY);
    await client.login();
    const s = new ReconnectingEventSource(
      `${server.url}/api/events`,
      { cookie: client.cookieHeader() },
      from,
    );
    streams.push(s);
    return s;
  }

  const carries = (id: string) => (events: { data: unknown }[]) =>
    events.some((e) => JSON.stringify(e.data).includes(id));

  it('every stream resumes after the kill and has each event exactly once', async () => {
    const before = await sql<{ max: number | null }>`select max(id) as max from events`.execute(
      a.services.db,
    );
    const from = String(before.rows[0]?.max ?? 0);
    const partners = [await stream(PARTNER, from), await stream(PARTNER, from)];
    const stranger = await stream('fresh@demo.id', from);

    const paid = [await payin(), await payin()];
    for (const s of partners) await s.until(carries(paid[1] as string));

    await server.kill();
    // While the process is gone: payments go on through the other one.
    paid.push(await payin(), await payin(), await payin());
    await server.start(120_000);
    paid.push(await payin());

    for (const s of partners) {
      await s.until((events) => paid.every((id) => carries(id)(events)), 30_000);
    }
    // The table is the truth: every event of the partner's scope since `from`, once.
    const agentId = await agentIdOf(a);
    const storedUpTo = async (upTo: number) => {
      const stored = await a.services.db
        .selectFrom('events')
        .select(['id', 'environment', 'type'])
        .where('id', '>', Number(from))
        .where('id', '<=', upTo)
        .where('agent_id', '=', agentId)
        .where('type', 'in', CHECKED)
        .orderBy('id')
        .execute();
      const environment = stored.find(() => true)?.environment;
      return stored.filter((r) => r.environment === environment);
    };
    const last = Number((await storedUpTo(Number.MAX_SAFE_INTEGER)).at(-1)?.id ?? 0);
    for (const s of partners) {
      await s.until((events) => events.some((e) => e.data.id >= last), 10_000);
    }
    // Ids come from a sequence, so a row with a lower id can commit after the first read (a
    // callback's outcome): read again up to the point both streams reached, and give the hub its
    // gap re-reads (ADR 017) to deliver whatever committed late.
    const reached = Math.min(
      ...partners.map((s) => Math.max(...s.events.map((e) => Number(e.data.id)))),
    );
    const ours = await storedUpTo(reached);
    // Balance events are state: a replay sends the latest one only (ADR 017), so the check for
    // them is that the stream ends on the current balance; every other event comes once each.
    const expected = ours.filter((r) => r.type !== 'balance').map((r) => Number(r.id));
    const hasAll = (events: { data: { id: number } }[]) =>
      expected.every((id) => events.some((e) => e.data.id === id));
    for (const s of partners) await s.until(hasAll, 15_000).catch(() => undefined);
    const info = await (await a.loginAs(PARTNER, { lang: 'en' })).get('/data/app_info_web');
    for (const s of partners) {
      const got = s.events
        .filter((e) => e.event !== 'balance' && CHECKED.includes(e.event))
        .filter((e) => e.data.id > Number(from) && e.data.id <= reached)
        .map((e) => e.data.id)
        .sort((x, y) => x - y);
      expect(got).toEqual(expected);
      const balance = s.events.findLast((e) => e.event === 'balance');
      expect(balance?.data.payload).toMatchObject({
        balance: info.data.balance,
        hold_balance: info.data.hold_balance,
      });
      expect(s.opened, 'connected again after the kill').toBeGreaterThanOrEqual(2);
    }
    console.log(
      `events kill -9: ${paid.length} payments (3 while the process was gone), ${expected.length} events per stream besides the balance, repeats dropped ${partners.map((s) => s.repeats).join('/')}, connects ${partners.map((s) => s.connects).join('/')}`,
    );
    expect(stranger.events.filter((e) => paid.some((id) => carries(id)([e])))).toEqual([]);
    expect(stranger.opened).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
