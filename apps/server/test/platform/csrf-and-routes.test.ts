import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/modules';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Checks every registered route at once: each declares an access rule, every POST refuses a call
 * without the CSRF token, and every non-public route refuses a call without a session.
 */
describe('every route', () => {
  let t: TestApp;
  const routes = allRoutes({ mode: 'test' });
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares an access rule (public routes say why)', () => {
    for (const route of routes) {
      expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
      if (route.access.public) expect(route.access.reason.length, route.url).toBeGreaterThan(5);
    }
  });

  // A serverToServer route (the demo callback receiver) is public and called by servers: no CSRF.
  it.each(routes.filter((r) => r.method === 'POST' && !r.serverToServer).map((r) => [r.url]))(
    'POST %s refuses a call without the CSRF token',
    async (url) => {
      const c = await t.loginAs('partner@demo.id');
      const res = await c.post(url.replace(/:(\w+)/g, '1'), {}, { csrf: false });
      expect(res.rc).toBe('403');
      expect(res.rd).toBe('Token keamanan tidak valid. Muat ulang halaman lalu coba lagi.');
    },
  );

  it.each(routes.filter((r) => !r.access.public).map((r) => [r.method, r.url]))(
    '%s %s refuses a call without a session',
    async (method, url) => {
      const c = t.client();
      const path = url.replace(/:(\w+)/g, '1');
      const res = method === 'GET' ? await c.get(path) : await c.post(path, {});
      expect(res.rc).toBe('401');
    },
  );

  it('serverToServer routes are public and read no session', () => {
    for (const route of routes.filter((r) => r.serverToServer)) {
      expect(route.access.public, route.url).toBe(true);
    }
  });

  it('answers unknown API paths with the envelope', async () => {
    const res = await t.client().get('/no/such/route');
    expect(res.rc).toBe('404');
  });
});
