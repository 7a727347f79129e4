import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAccessList } from '../../src/platform/access/access-list';
import { loadSession } from '../../src/platform/session/sessions';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import {
  bankInquiry,
  drainAgent,
  fundAgent,
  ledgerBalance,
  offsetToWib,
  prepare,
} from '../withdraw/factory';

/**
 * The balance poll (`data/app_info_web`, every 10 s on every logged-in page) reads
 * session, user, agent, access list and both balances in one statement, shared by the polls that
 * arrive together and never cached — the answer after a money movement is the new balance — and
 * JSON answers carry a lean set of
 * security headers (CSP, nosniff, no-store, CORP) instead of helmet's page headers.
 */
describe.each(testDatabases())('balance poll (%s)', (kind) => {
  let t: TestApp;
  let c: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    c = await t.loginAs('partner@demo.id', { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const poll = async () => {
    const res = await c.get('/data/app_info_web');
    expect(res.rc, res.rd).toBe('00');
    return res.data as { balance: number; hold_balance: number };
  };

  it('answers the ledger balance, and the new one right after every money movement', async () => {
    expect((await poll()).balance).toBe(await ledgerBalance(t, 'partner@demo.id'));
    const before = (await poll()).balance;
    const agentId = await fundAgent(t, 'partner@demo.id', 1_234_567);
    expect((await poll()).balance).toBe(before + 1_234_567);
    await drainAgent(t, agentId, 34_567);
    expect((await poll()).balance).toBe(before + 1_200_000);
    // A withdrawal: amount + fee leave the available balance at once.
    const paid = await prepare(c, bankInquiry({ nominal: '150.000' }));
    expect((await c.post('/transaction/cashout_payment', paid.payment)).rc).toBe('00');
    expect((await poll()).balance).toBe(before + 1_200_000 - 152_500);
    expect((await poll()).balance).toBe(await ledgerBalance(t, 'partner@demo.id'));
  });

  it('an agent without ledger accounts polls zero balances', async () => {
    const fresh = await t.loginAs('newbiz@demo.id');
    const res = await fresh.get('/data/app_info_web');
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toEqual({ balance: 0, hold_balance: 0 });
  });

  it('the one-statement session carries the same user, agent and access list as before', async () => {
    const token = c.cookies.get('gerbang_session') ?? '';
    const auth = await loadSession(t.services.db, token, t.services.now());
    expect(auth).not.toBeNull();
    const agent = await t.services.db
      .selectFrom('agents')
      .selectAll()
      .where('id', '=', auth?.agent.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(auth?.agent).toEqual(agent);
    expect(auth?.agent.created_at).toBeInstanceOf(Date);
    expect(auth?.access).toEqual(
      await loadAccessList(t.services.db, auth?.user.id ?? 0, agent.id_grup),
    );
    expect(auth?.balances).toBeUndefined();
    const withBalances = await loadSession(
      t.services.db,
      token,
      t.services.now(),
      Number.POSITIVE_INFINITY,
      { balances: true },
    );
    expect(withBalances?.balances?.balance).toBe(await ledgerBalance(t, 'partner@demo.id'));
    // Logged out: no session, and the poll answers 401.
    expect((await c.post('/auth/logout')).rc).toBe('00');
    expect(await loadSession(t.services.db, token, t.services.now())).toBeNull();
    const after = await c.get('/data/app_info_web');
    expect(after.status).toBe(401);
  });

  it('parallel polls share one statement, yet each answers its own session, agent and balance', async () => {
    // Lookups that arrive together are read by one statement (sessions.ts, SessionRowLoader):
    // each request must still get its own row, a logged-out session in the same batch must not.
    const users = ['partner@demo.id', 'aggregator@demo.id', 'newbiz@demo.id', 'fresh@demo.id'];
    const clients = await Promise.all(users.map((u) => t.loginAs(u)));
    const loggedOut = await t.loginAs('partner@demo.id');
    expect((await loggedOut.post('/auth/logout')).rc).toBe('00');
    const expected = await Promise.all(users.map((u) => ledgerBalance(t, u)));
    const answers = await Promise.all([
      ...clients.flatMap((client) => [
        client.get('/data/app_info_web'),
        client.get('/data/app_info_web'),
      ]),
      loggedOut.get('/data/app_info_web'),
    ]);
    expect(answers.at(-1)?.status).toBe(401);
    const balances = answers.slice(0, -1).map((res) => (res.data as { balance: number }).balance);
    expect(balances).toEqual(expected.flatMap((b) => [b, b]));
  });

  it('session lookups asked in the same turn are read by one statement', async () => {
    let statements = 0;
    // A plugin sees every statement the instance runs (a new instance: a loader of its own).
    const counted = t.services.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const clients = await Promise.all(
      ['partner@demo.id', 'staff@demo.id', 'newbiz@demo.id'].map((u) => t.loginAs(u)),
    );
    const tokens = [...clients.map((x) => x.cookies.get('gerbang_session') ?? ''), 'not-a-session'];
    const now = t.services.now();
    const auths = await Promise.all(tokens.map((token) => loadSession(counted, token, now)));
    expect(statements).toBe(1);
    expect(auths.map((a) => a?.user.username ?? null)).toEqual([
      'partner@demo.id',
      'staff@demo.id',
      'newbiz@demo.id',
      null,
    ]);
    // The next turn is a statement of its own: nothing is kept between turns.
    await loadSession(counted, tokens[0] ?? '', now);
    expect(statements).toBe(2);
  });

  it('JSON answers carry lean security headers; the poll answer stays small', async () => {
    const other = await t.loginAs('partner@demo.id');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/data/app_info_web',
      headers: {
        cookie: [...other.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-server-time']).toBeDefined();
    for (const pageOnly of [
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'origin-agent-cluster',
      'x-xss-protection',
    ]) {
      expect(res.headers[pageOnly], pageOnly).toBeUndefined();
    }
    const headerBytes = Object.entries(res.headers).reduce(
      (sum, [k, v]) => sum + k.length + String(v).length + 4,
      0,
    );
    expect(headerBytes).toBeLessThan(450);
  });
});
