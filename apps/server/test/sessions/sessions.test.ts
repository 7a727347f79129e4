import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import {
  createTestApp,
  DEMO_PASSWORD,
  TEST_KEY,
  type TestApp,
  type TestClient,
} from '../helpers/test-app';
import { consoleLogin } from '../signup/helpers';

/**
 * Sessions you can see and end: the list with device, IP and place; ending one
 * answers 401 at its next request (on PostgreSQL also through a second server on the same
 * database); end all others; the main user over its sub-users; the console over a merchant; the
 * new-device mail; the idle timeouts (portal per agent, console 15 minutes) with the clock moved;
 * the re-authentication proof bound to its session.
 */
const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(testDatabases())('sessions on %s', (kind) => {
  let t: TestApp;

  async function login(
    username: string,
    opts: { ua?: string; ip?: string; lang?: 'id' | 'en' } = {},
  ): Promise<TestClient> {
    const c = t.client({ lang: opts.lang ?? 'en', ip: opts.ip });
    const res = await c.post(
      '/auth/login',
      { username, password: DEMO_PASSWORD, captcha: TEST_KEY },
      { headers: opts.ua ? { 'user-agent': opts.ua } : {} },
    );
    expect(res.rc, res.rd).toBe('00');
    return c;
  }

  const newDeviceMails = async (to: string) =>
    (
      await t.services.db
        .selectFrom('mail_outbox')
        .select(['subject', 'body_text'])
        .where('to_address', '=', to)
        .where('kind', '=', 'new_device_login')
        .orderBy('id')
        .execute()
    ).map((m) => m.body_text);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists each session with device, IP and place, and ending one answers 401 at once', async () => {
    const laptop = await login('h2h@demo.id', { ua: FIREFOX_MAC });
    const phone = await login('h2h@demo.id', { ua: CHROME_WINDOWS, ip: '36.68.10.20' });
    const list = await laptop.get('/security/sessions');
    expect(list.rc, list.rd).toBe('00');
    const mine = list.data.items.filter((s: any) => s.username === 'h2h@demo.id');
    expect(mine).toHaveLength(2);
    const current = mine.find((s: any) => s.current);
    const other = mine.find((s: any) => !s.current);
    expect(current).toMatchObject({
      device: 'Firefox 128 · macOS',
      ip: '127.0.0.1',
      place: 'local',
    });
    expect(other).toMatchObject({ device: 'Chrome 131 · Windows', ip: '36.68.10.20', place: 'ID' });

    expect((await phone.post('/auth/datauser')).rc).toBe('00');
    // Ending another session asks a fresh password re-entry first (ASVS V7.5.2).
    expect((await laptop.post('/security/sessions/end', { id: other.id })).status).toBe(428);
    expect((await phone.post('/auth/datauser')).rc).toBe('00');
    expect((await laptop.post('/auth/reauth', { password: DEMO_PASSWORD })).rc).toBe('00');
    const ended = await laptop.post('/security/sessions/end', { id: other.id });
    expect(ended.rc, ended.rd).toBe('00');
    // The very next request of the ended session: 401, and its cookie is cleared.
    const after = await phone.post('/auth/datauser');
    expect(after.status).toBe(401);
    expect(phone.cookies.has('gerbang_session')).toBe(false);
    // Ending it again, or a made-up id, is "not found" and changes nothing.
    expect((await laptop.post('/security/sessions/end', { id: other.id })).rc).toBe('404');
    expect((await laptop.post('/security/sessions/end', { id: 999_999 })).rc).toBe('404');
    expect((await laptop.post('/security/sessions/end', { id: 'x' })).rc).toBe('400');
    expect((await laptop.post('/auth/datauser')).rc).toBe('00');
  });

  it('mails a login from a new device, not a login from a known one', async () => {
    const before = (await newDeviceMails('h2h@demo.id')).length;
    await login('h2h@demo.id', { ua: FIREFOX_MAC });
    expect(await newDeviceMails('h2h@demo.id')).toHaveLength(before);
    const edge =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
    await login('h2h@demo.id', { ua: edge, ip: '36.68.10.21' });
    const mails = await newDeviceMails('h2h@demo.id');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain('36.68.10.21');
    expect(mails.at(-1)).toContain('Microsoft Edge 131 · Linux');
  });

  it('"end all others" keeps only the current session', async () => {
    const a = await login('enduser@demo.id');
    const b = await login('enduser@demo.id');
    const c = await login('enduser@demo.id');
    expect((await a.post('/security/sessions/end_others')).status).toBe(428);
    expect((await a.post('/auth/reauth', { password: DEMO_PASSWORD })).rc).toBe('00');
    const res = await a.post('/security/sessions/end_others');
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.ended).toBeGreaterThanOrEqual(2);
    expect((await b.post('/auth/datauser')).status).toBe(401);
    expect((await c.post('/auth/datauser')).status).toBe(401);
    expect((await a.post('/auth/datauser')).rc).toBe('00');
    const list = await a.get('/security/sessions');
    expect(list.data.items).toHaveLength(1);
  });

  it("the main user sees and ends a sub-user's session; a sub-user cannot end the main user's", async () => {
    const main = await login('partner@demo.id');
    const subUser = await t.services.db
      .selectFrom('users')
      .select(['username'])
      .where('parent_user_id', 'is not', null)
      .where(
        'agent_id',
        '=',
        t.services.db
          .selectFrom('users')
          .select('agent_id')
          .where('username', '=', 'partner@demo.id'),
      )
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const sub = await login(subUser.username);
    const list = await main.get('/security/sessions');
    const subSession = list.data.items.find((s: any) => s.username === subUser.username);
    expect(subSession).toBeDefined();
    const mainSession = list.data.items.find((s: any) => s.current);
    // The sub-user sees only its own sessions, and the main user's id is "not found" to it.
    const subList = await sub.get('/security/sessions');
    expect(subList.data.items.every((s: any) => s.username === subUser.username)).toBe(true);
    expect(subList.data.idleEditable).toBe(false);
    expect((await sub.post('/auth/reauth', { password: DEMO_PASSWORD })).rc).toBe('00');
    expect((await sub.post('/security/sessions/end', { id: mainSession.id })).rc).toBe('404');
    expect((await main.post('/auth/datauser')).rc).toBe('00');
    expect((await main.post('/auth/reauth', { password: DEMO_PASSWORD })).rc).toBe('00');
    expect((await main.post('/security/sessions/end', { id: subSession.id })).rc).toBe('00');
    expect((await sub.post('/auth/datauser')).status).toBe(401);
  });

  it('console staff end every session of a merchant, with a reason in the audit', async () => {
    const merchant = await login('fresh@demo.id');
    const ops = await consoleLogin(t);
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'fresh@demo.id')
      .executeTakeFirstOrThrow();
    const noReason = await ops.post(`/console/merchants/${agent.id}/end_sessions`, { reason: '' });
    expect(noReason.rc).toBe('400');
    expect((await merchant.post('/auth/datauser')).rc).toBe('00');
    const res = await ops.post(`/console/merchants/${agent.id}/end_sessions`, {
      reason: 'lost laptop reported by phone',
    });
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.ended).toBeGreaterThanOrEqual(1);
    expect((await merchant.post('/auth/datauser')).status).toBe(401);
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select(['detail'])
      .where('action', '=', 'console_merchant_sessions_end')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).toContain('lost laptop');
    // A merchant session is no staff session: it cannot call the console route.
    expect(
      (await merchant.post(`/console/merchants/${agent.id}/end_sessions`, { reason: 'x' })).rc,
    ).not.toBe('00');
  });

  it('the idle timeout: set by the main user after re-authentication, enforced with the clock moved', async () => {
    const main = await login('aggregator@demo.id');
    // No proof yet: 428, nothing changes.
    const noProof = await main.post('/security/sessions/idle_timeout', { minutes: 10 });
    expect(noProof.status).toBe(428);
    expect(noProof.rc).toBe('428');
    const wrong = await main.post('/auth/reauth', { password: 'not-the-password' });
    expect(wrong.rc).toBe('01');
    const reauth = await main.post('/auth/reauth', { password: DEMO_PASSWORD });
    expect(reauth.rc, reauth.rd).toBe('00');
    // Out of range is refused with a message; the proof is bound to this session only.
    expect((await main.post('/security/sessions/idle_timeout', { minutes: 2 })).rc).toBe('400');
    const other = await login('aggregator@demo.id');
    expect((await other.post('/security/sessions/idle_timeout', { minutes: 10 })).status).toBe(428);
    const set = await main.post('/security/sessions/idle_timeout', { minutes: 10 });
    expect(set.rc, set.rd).toBe('00');
    expect((await main.get('/security/sessions')).data.idleMinutes).toBe(10);

    // 9 minutes idle: still in. 11 more minutes idle: the next request is 401.
    t.clock.advance(9 * 60_000);
    expect((await main.post('/auth/datauser')).rc).toBe('00');
    t.clock.advance(11 * 60_000);
    expect((await main.post('/auth/datauser')).status).toBe(401);
    expect((await other.post('/auth/datauser')).status).toBe(401);

    // The proof lasts 5 minutes: a new session re-authenticates, waits 6 minutes, is asked again.
    const again = await login('aggregator@demo.id');
    expect((await again.post('/auth/reauth', { password: DEMO_PASSWORD })).rc).toBe('00');
    t.clock.advance(6 * 60_000);
    expect((await again.post('/security/sessions/idle_timeout', { minutes: null })).status).toBe(
      428,
    );
    expect((await again.post('/auth/reauth', { password: DEMO_PASSWORD })).rc).toBe('00');
    expect((await again.post('/security/sessions/idle_timeout', { minutes: null })).rc).toBe('00');
  });

  it('console staff sessions end after 15 idle minutes', async () => {
    const ops = await consoleLogin(t);
    t.clock.advance(14 * 60_000);
    expect((await ops.get('/console/queues')).rc).toBe('00');
    t.clock.advance(16 * 60_000);
    expect((await ops.get('/console/queues')).status).toBe(401);
  });

  it('console staff list their own sessions, end one and end all others; each answers 401 at once', async () => {
    const desk = await consoleLogin(t);
    const laptop = await consoleLogin(t);
    const phone = await consoleLogin(t);
    const listed = await desk.get('/console/security/sessions');
    expect(listed.rc, listed.rd).toBe('00');
    expect(listed.data.idleMinutes).toBe(15);
    const items = listed.data.items as Array<{ id: number; current: boolean; username: string }>;
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.every((s) => s.username === 'ops@demo.id')).toBe(true);
    const laptopId = (await laptop.get('/console/security/sessions')).data.items.find(
      (s: { current: boolean }) => s.current,
    ).id;
    // Ending another session asks the staff password again (428 until then, 5 minutes).
    const noProof = await desk.post('/console/security/sessions/end', { id: laptopId });
    expect([noProof.status, noProof.rc]).toEqual([428, '428']);
    expect((await desk.post('/console/auth/reauth', { password: 'not-it' })).rc).toBe('01');
    expect((await desk.post('/console/auth/reauth', { password: DEMO_PASSWORD })).rc).toBe('00');
    // The proof is this session's: the laptop has none.
    expect((await laptop.post('/console/security/sessions/end_others', {})).rc).toBe('428');
    const ended = await desk.post('/console/security/sessions/end', { id: laptopId });
    expect(ended.rc, ended.rd).toBe('00');
    expect((await laptop.get('/console/queues')).status).toBe(401);
    // Already ended, or not this staff member's: not found.
    expect((await desk.post('/console/security/sessions/end', { id: laptopId })).rc).toBe('404');
    // A merchant session has no console sessions to see.
    expect((await (await login('fresh@demo.id')).get('/console/security/sessions')).rc).not.toBe(
      '00',
    );
    const others = await desk.post('/console/security/sessions/end_others', {});
    expect(others.rc, others.rd).toBe('00');
    expect(others.data.ended).toBeGreaterThanOrEqual(1);
    expect((await phone.get('/console/queues')).status).toBe(401);
    expect((await desk.get('/console/queues')).rc).toBe('00');
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', [
        'console_session_end',
        'console_session_end_others',
        'console_reauth',
        'console_reauth_failure',
      ])
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(4);
  });

  it('parallel re-authentication guesses are counted before they are compared', async () => {
    const c = await login('enduser@demo.id');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => c.post('/auth/reauth', { password: 'wrong-password-x' })),
    );
    const codes = answers.map((a) => a.rc);
    expect(codes.filter((rc) => rc === '01').length).toBeLessThanOrEqual(5);
    expect(codes.filter((rc) => rc === '429').length).toBeGreaterThanOrEqual(7);
    // Even the right password is refused while the budget is spent.
    expect((await c.post('/auth/reauth', { password: DEMO_PASSWORD })).rc).toBe('429');
    t.clock.advance(16 * 60_000);
  });

  it.runIf(kind === 'postgres')(
    'a session ended on one server process answers 401 on another at once',
    async () => {
      const url = t.services.config.databaseUrl;
      if (!url) throw new Error('no database url');
      const second = await createTestApp('postgres', { database: { url }, seed: false });
      try {
        const onFirst = await login('h2h@demo.id');
        const onSecond = second.client({ lang: 'en' });
        for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
        second.clock.set(t.clock.now);
        expect((await onSecond.get('/security/sessions')).rc).toBe('00');
        const mine = (await onFirst.get('/security/sessions')).data.items.find(
          (s: any) => s.current,
        );
        // Ended through the first process (itself: "end this session")...
        expect((await onFirst.post('/security/sessions/end', { id: mine.id })).rc).toBe('00');
        // ...the second process refuses it on its very next request.
        expect((await onSecond.get('/security/sessions')).status).toBe(401);
      } finally {
        await second.close();
      }
    },
  );
});
