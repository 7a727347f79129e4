import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/modules';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * The headers suite: every /api answer — success, refusal, validation
 * error, Fastify's own errors, unknown paths — says `Cache-Control: no-store` (only a public
 * asset such as a bank logo may be cached), carries the CSP and `nosniff`, and the cookies carry
 * the attributes of the mode (`__Host-`, Secure in production).
 */
const routes = allRoutes({ mode: 'test' });

function expectSecurityHeaders(res: LightMyRequestResponse, what: string, publicAsset = false) {
  const cache = String(res.headers['cache-control'] ?? '');
  // Only a public asset may say `public`; everything else, files included, is never stored.
  if (!(publicAsset && /^public\b/.test(cache)))
    expect(cache, `${what}: cache-control`).toMatch(/(^|[ ,])no-store\b/);
  expect(res.headers['content-security-policy'], `${what}: CSP`).toMatch(/default-src/);
  expect(res.headers['content-security-policy'], `${what}: CSP`).toMatch(/frame-ancestors 'none'/);
  expect(res.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(res.headers['referrer-policy'], `${what}: referrer-policy`).toBe('no-referrer');
}

/** A public asset: a public route answering something other than the envelope (an image). */
function isPublicAsset(res: LightMyRequestResponse, routePublic: boolean): boolean {
  const type = String(res.headers['content-type'] ?? '');
  return routePublic && res.statusCode === 200 && !type.includes('application/json');
}

describe.each(testDatabases())('security headers on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind);
    partner = await t.loginAs('partner@demo.id');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every route answers no-store, CSP and nosniff, anonymous and logged in', async () => {
    let checked = 0;
    for (const route of routes) {
      const url = `/api${route.url.replace(/:(\w+)/g, 'BCA')}`;
      for (const caller of [null, partner]) {
        const cookie = caller ? [...caller.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(caller && route.method === 'POST'
              ? { 'x-csrf-token': caller.cookies.get('gerbang_csrf') ?? '' }
              : {}),
          },
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        const what = `${route.method} ${route.url} as ${caller ? 'partner' : 'anonymous'}`;
        expectSecurityHeaders(res, what, isPublicAsset(res, route.access.public === true));
        checked += 1;
      }
    }
    expect(checked).toBe(routes.length * 2);
  });

  it('error answers too: unknown path, broken JSON, too large, bad URL, logout', async () => {
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' })).json().data
      .csrf as string;
    const post = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { cookie: `gerbang_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': type },
      });
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/no/such' }), '404');
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api' }), '/api');
    expectSecurityHeaders(await post('{"a":'), 'broken JSON');
    expectSecurityHeaders(await post(JSON.stringify({ a: 'x'.repeat(100_000) })), 'too large');
    expectSecurityHeaders(await post('<a/>', 'application/xml'), 'media type');
    expectSecurityHeaders(
      await t.app.inject({ method: 'GET', url: '/api/transaction/bank_logo/%E0%A4%A' }),
      'bad URL',
    );
    expectSecurityHeaders(
      await t.app.inject({ method: 'GET', url: `/api/transaction/bank_logo/${'x'.repeat(200)}` }),
      'long parameter',
    );
  });

  it('demo/test mode cookies: HttpOnly, SameSite=Lax, Path=/, no __Host- (plain http)', async () => {
    const c = t.client();
    await c.get('/auth/csrf_token');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        username: 'h2h@demo.id',
        password: DEMO_PASSWORD,
        captcha: 'test-mode-key-for-api-tests',
      },
      headers: {
        cookie: `gerbang_csrf=${c.cookies.get('gerbang_csrf')}`,
        'x-csrf-token': c.cookies.get('gerbang_csrf') ?? '',
      },
    });
    expect(res.json().rc).toBe('00');
    const cookies = [res.headers['set-cookie'] ?? []].flat().map(String);
    const session = cookies.find((line) => line.startsWith('gerbang_session='));
    const csrf = cookies.find((line) => line.startsWith('gerbang_csrf='));
    for (const line of [session, csrf]) {
      expect(line).toBeDefined();
      expect(line).toMatch(/; HttpOnly/i);
      expect(line).toMatch(/; SameSite=Lax/i);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/; Domain=/i);
      expect(line).not.toMatch(/; Secure/i);
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe.each(testDatabases())('production cookies on %s', (kind) => {
  let t: TestApp;
  const logLevel = process.env.LOG_LEVEL;
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent'; // production mode logs every request otherwise
    t = await createTestApp(kind, {
      config: { mode: 'production', testModeKey: null, publicUrl: 'https://portal.example.co.id' },
    });
  });
  afterAll(async () => {
    await t?.close();
    if (logLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = logLevel;
  });

  /** Solves the login captcha as the altcha widget does (the test key does not exist here). */
  async function solvedCaptcha(): Promise<string> {
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/sha');
    const challenge = (
      await t.app.inject({ method: 'GET', url: '/api/auth/captcha_challenge' })
    ).json();
    const solution = await solveChallenge({ challenge, deriveKey } as any);
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('names both cookies __Host- with Secure, Path=/ and no Domain; HSTS is on', async () => {
    const token = await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' });
    const tokenCookie = String([token.headers['set-cookie'] ?? []].flat()[0] ?? '');
    expect(tokenCookie).toMatch(/^__Host-gerbang_csrf=/);
    const csrf = token.json().data.csrf as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'h2h@demo.id', password: DEMO_PASSWORD, captcha: await solvedCaptcha() },
      headers: {
        cookie: `__Host-gerbang_csrf=${csrf}`,
        'x-csrf-token': csrf,
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(res.json().rc).toBe('00');
    const cookies = [res.headers['set-cookie'] ?? []].flat().map(String);
    const session = cookies.find((line) => line.startsWith('__Host-gerbang_session='));
    const rotated = cookies.find((line) => line.startsWith('__Host-gerbang_csrf='));
    for (const line of [tokenCookie, session, rotated]) {
      expect(line).toBeDefined();
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/; HttpOnly/i);
      expect(line).toMatch(/; SameSite=Lax/i);
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).not.toMatch(/; Domain=/i);
    }
    expect(cookies.some((line) => line.startsWith('gerbang_session='))).toBe(false);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cache-control']).toBe('no-store');

    // The __Host- session cookie is the one the server reads.
    const sessionValue = /^__Host-gerbang_session=([^;]+)/.exec(session ?? '')?.[1];
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/datauser',
      payload: {},
      headers: {
        cookie: `__Host-gerbang_session=${sessionValue}`,
        'x-csrf-token': String(res.headers['x-csrf-token']),
      },
    });
    expect(me.json().rc).toBe('00');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/datauser',
      payload: {},
      headers: {
        cookie: `gerbang_session=${sessionValue}`,
        'x-csrf-token': String(res.headers['x-csrf-token']),
      },
    });
    expect(plain.json().rc).not.toBe('00');
  });
});
