import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, TEST_KEY, type TestApp } from '../helpers/test-app';

/**
 * The CSRF token is bound to the session (a token from before the login,
 * or from another session, is refused) and rotated at login; a state-changing request that a
 * browser marks as coming from another site is refused whatever token it carries.
 */
describe.each(testDatabases())('CSRF token and origin on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const CSRF_MESSAGE = 'Invalid security token. Reload the page and try again.';

  /** A raw POST with exactly these cookies and headers. */
  async function post(url: string, headers: Record<string, string>, payload: unknown = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: payload as object,
      headers: { 'x-language': 'en', ...headers },
    });
    return { status: res.statusCode, headers: res.headers, ...(res.json() as any) };
  }

  /** Logs in from a fresh browser; answers the cookies and the token the login handed out. */
  async function login(username = 'partner@demo.id') {
    const token = await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' });
    const anonymous = token.json().data.csrf as string;
    const res = await post(
      '/auth/login',
      { cookie: `gerbang_csrf=${anonymous}`, 'x-csrf-token': anonymous },
      { username, password: DEMO_PASSWORD, captcha: TEST_KEY },
    );
    expect(res.rc).toBe('00');
    const set = [res.headers['set-cookie'] ?? []].flat().map(String);
    const session = /gerbang_session=([^;]+)/.exec(set.join('\n'))?.[1] ?? '';
    const csrfCookie = /gerbang_csrf=([^;]+)/.exec(set.join('\n'))?.[1] ?? '';
    return { anonymous, session, csrfCookie, rotated: String(res.headers['x-csrf-token'] ?? '') };
  }

  it('rotates the token at login: the answer carries the session token, the old one is refused', async () => {
    const s = await login();
    expect(s.rotated).not.toBe('');
    expect(s.rotated).not.toBe(s.anonymous);
    expect(s.csrfCookie).toBe(s.rotated);
    const cookie = `gerbang_session=${s.session}; gerbang_csrf=${s.anonymous}`;
    // The token from before the login, even with a matching cookie, is no longer valid.
    const stale = await post('/auth/datauser', { cookie, 'x-csrf-token': s.anonymous });
    expect(stale.rc).toBe('403');
    expect(stale.rd).toBe(CSRF_MESSAGE);
    const fresh = await post('/auth/datauser', {
      cookie: `gerbang_session=${s.session}`,
      'x-csrf-token': s.rotated,
    });
    expect(fresh.rc).toBe('00');
    // The token endpoint answers the session's token to a logged-in caller.
    const token = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf_token',
      headers: { cookie: `gerbang_session=${s.session}` },
    });
    expect(token.json().data.csrf).toBe(s.rotated);
  });

  it("refuses another session's token, even with the cookie pair matching", async () => {
    const a = await login('partner@demo.id');
    const b = await login('h2h@demo.id');
    const res = await post('/auth/datauser', {
      cookie: `gerbang_session=${b.session}; gerbang_csrf=${a.rotated}`,
      'x-csrf-token': a.rotated,
    });
    expect(res.rc).toBe('403');
    expect(res.rd).toBe(CSRF_MESSAGE);
  });

  it('refuses a cross-site request whatever token it carries; same-origin passes', async () => {
    const s = await login();
    const headers = { cookie: `gerbang_session=${s.session}`, 'x-csrf-token': s.rotated };
    for (const site of ['cross-site', 'same-site']) {
      const res = await post('/auth/datauser', { ...headers, 'sec-fetch-site': site });
      expect(res.rc, site).toBe('403');
      expect(res.rd).toBe(
        'This request came from another website and was refused. Open the portal directly and try again.',
      );
    }
    const evil = await post('/auth/datauser', { ...headers, origin: 'https://evil.example' });
    expect(evil.rc).toBe('403');
    const opaque = await post('/auth/datauser', { ...headers, origin: 'null' });
    expect(opaque.rc).toBe('403');
    // The browser's own page: same origin (Sec-Fetch-Site wins over Origin), or the Origin of
    // the host that was asked when a browser sends no Sec-Fetch-Site.
    expect((await post('/auth/datauser', { ...headers, 'sec-fetch-site': 'same-origin' })).rc).toBe(
      '00',
    );
    expect((await post('/auth/datauser', { ...headers, origin: 'http://localhost:80' })).rc).toBe(
      '00',
    );
    // A client that is not a browser sends neither header: the token alone decides.
    expect((await post('/auth/datauser', headers)).rc).toBe('00');
    const noToken = await post('/auth/datauser', { cookie: headers.cookie });
    expect(noToken.rc).toBe('403');
  });

  it('refuses a cross-site login attempt (login CSRF) before reading the credentials', async () => {
    const token = await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' });
    const csrf = token.json().data.csrf as string;
    const res = await post(
      '/auth/login',
      { cookie: `gerbang_csrf=${csrf}`, 'x-csrf-token': csrf, 'sec-fetch-site': 'cross-site' },
      { username: 'partner@demo.id', password: DEMO_PASSWORD, captcha: TEST_KEY },
    );
    expect(res.rc).toBe('403');
    expect(res.headers['set-cookie'] ?? '').not.toMatch(/gerbang_session=/);
  });

  it('logout ends the token with the session', async () => {
    const s = await login();
    const headers = { cookie: `gerbang_session=${s.session}`, 'x-csrf-token': s.rotated };
    const out = await post('/auth/logout', headers);
    expect(out.rc).toBe('00');
    const cleared = [out.headers['set-cookie'] ?? []].flat().map(String).join('\n');
    expect(cleared).toMatch(/gerbang_session=;/);
    expect(cleared).toMatch(/gerbang_csrf=;/);
    const after = await post('/auth/datauser', headers);
    expect(after.rc).not.toBe('00');
  });
});
