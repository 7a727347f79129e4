import { evaluateAccess, findModule, type LoginResult } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule, RouteDefinition } from '../../src/http/route';
import { allPartnerRoutes, allRoutes } from '../../src/modules';
import { DEMO_USERS } from '../../src/seed/demo-users';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, TEST_KEY, type TestApp } from '../helpers/test-app';

/**
 * The permission half of the route matrix: every non-public route that names a permission is
 * called by a user the rule allows (answer: anything but 401/403, even a validation error for
 * the empty body) and by users denied exactly that permission (answer: 403). Callers are chosen
 * from the demo main users by evaluating the route's own rule, so routes added later are covered
 * without touching this file; a route no demo user may call fails here and asks for a seed.
 */
type Guarded = RouteDefinition & { access: Exclude<AccessRule, { public: true }> };

const routes = allRoutes({ mode: 'test', testModeKey: TEST_KEY }).filter(
  (r): r is Guarded => !r.access.public && r.access.permission !== undefined,
);
const MAIN_USERS = DEMO_USERS.filter((u) => !u.parentOf).map((u) => u.username);

interface Caller {
  username: string;
  userId: number;
  agentId: number;
  cookie: string;
  csrf: string;
  session: LoginResult;
}

describe.each(testDatabases())('route permission matrix on %s', (kind) => {
  let t: TestApp;
  const callers = new Map<string, Caller>();
  /** One fresh sub-user per agent, created on first need. */
  const subUsers = new Map<number, Caller>();
  let passwordHash = '';

  async function login(username: string): Promise<Caller> {
    const client = t.client({ lang: 'en' });
    const res = await client.post('/auth/login', {
      username,
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    if (res.rc !== '00') throw new Error(`login ${username}: ${res.rc} ${res.rd}`);
    const session = res.data as LoginResult;
    return {
      username,
      userId: session.user.id,
      agentId: session.agent.id_agen,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      csrf: client.cookies.get('gerbang_csrf') ?? '',
      session,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const username of MAIN_USERS) callers.set(username, await login(username));
    const partner = await t.services.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    passwordHash = partner.password_hash;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function subUserOf(main: Caller): Promise<Caller> {
    const existing = subUsers.get(main.agentId);
    if (existing) return existing;
    const username = `matrix.sub.${main.agentId}@contoh.co.id`;
    await t.services.db
      .insertInto('users')
      .values({
        agent_id: main.agentId,
        username,
        nama: 'Matrix Sub-user',
        password_hash: passwordHash,
        parent_user_id: main.userId,
        password_changed_at: new Date(),
      })
      .execute();
    const sub = await login(username);
    subUsers.set(main.agentId, sub);
    return sub;
  }

  /** Calls a route as the caller; answers the envelope's rc, or the HTTP status for raw answers. */
  async function call(route: Guarded, caller: Caller): Promise<string> {
    // Side effects of earlier calls (an environment switch, say) must not decide later verdicts.
    await t.services.db
      .updateTable('sessions')
      .set({ environment: 'production' })
      .where('user_id', '=', caller.userId)
      .execute();
    const res = await t.app.inject({
      method: route.method,
      url: `/api${route.url.replace(/:(\w+)/g, '1')}`,
      headers: {
        cookie: caller.cookie,
        'x-language': 'en',
        ...(route.method === 'POST' ? { 'x-csrf-token': caller.csrf } : {}),
      },
      ...(route.method === 'POST' ? { payload: {} } : {}),
    });
    if (String(res.headers['content-type'] ?? '').includes('application/json')) {
      const body = res.json() as { rc?: string };
      if (typeof body.rc === 'string') return body.rc;
    }
    return String(res.statusCode);
  }

  function allowedCaller(rule: Guarded['access']): Caller | undefined {
    return [...callers.values()].find(
      (c) =>
        evaluateAccess(rule, {
          access: c.session.access_data,
          userType: c.session.user_type,
          idGrup: c.session.agent.id_grup,
          apiEnabled: c.session.agent.enable_api,
          isMainUser: true,
          kycApproved: c.session.is_approved_kyc,
          businessActivated: c.session.business_status !== 1,
          environment: 'production',
        }) === 'allowed',
    );
  }

  async function withDenial<T>(
    userId: number,
    moduleId: number,
    action: string,
    run: () => Promise<T>,
  ) {
    await t.services.db
      .insertInto('user_module_denials')
      .values({ user_id: userId, module_id: moduleId, action })
      .onConflict((oc) => oc.doNothing())
      .execute();
    try {
      return await run();
    } finally {
      await t.services.db
        .deleteFrom('user_module_denials')
        .where('user_id', '=', userId)
        .where('module_id', '=', moduleId)
        .where('action', '=', action)
        .execute();
    }
  }

  it('has guarded routes to check (the list is read from allRoutes)', () => {
    expect(routes.length).toBeGreaterThan(3);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const rule = route.access;
    const permission = rule.permission!;
    const module = findModule(permission.module);
    expect(module, `unknown module ${permission.module}`).toBeDefined();
    expect(module!.actions, `${permission.module} has no ${permission.action}`).toContain(
      permission.action,
    );

    const caller = allowedCaller(rule);
    expect(
      caller,
      `no demo main user may call ${route.method} ${route.url}; seed one`,
    ).toBeDefined();
    const allowed = caller!;

    // Allowed: the rule lets it through (the empty body may still fail validation).
    const allowedRc = await call(route, allowed);
    expect(['401', '403'], `${allowed.username} allowed`).not.toContain(allowedRc);

    // The same user with exactly this permission denied: refused before the handler.
    const deniedRc = await withDenial(allowed.userId, module!.id, permission.action, () =>
      call(route, allowed),
    );
    expect(deniedRc, `${allowed.username} denied ${permission.module}:${permission.action}`).toBe(
      '403',
    );

    // A sub-user of the same agent with the denial (the way denials are set in the product).
    const sub = await subUserOf(allowed);
    const subRc = await withDenial(sub.userId, module!.id, permission.action, () =>
      call(route, sub),
    );
    expect(subRc, `sub-user denied ${permission.module}:${permission.action}`).toBe('403');

    // And the same call allowed again once the denial is lifted (the rule is read per request).
    const again = await call(route, allowed);
    expect(['401', '403']).not.toContain(again);
  });
});

/**
 * The console half: every console route that needs a staff session refuses every
 * demo merchant's session (403, whatever the merchant's rights) and an anonymous caller (401);
 * ops@demo.id passes; ops with exactly the route's console permission denied gets 403.
 */
const consoleRoutes = allRoutes({ mode: 'test', testModeKey: TEST_KEY }).filter(
  (r) => 'console' in r.access && r.access.console !== 'anonymous',
);

describe.each(testDatabases())('console routes on %s', (kind) => {
  let t: TestApp;
  const merchants: { username: string; cookie: string; csrf: string }[] = [];
  let staff: { cookie: string; csrf: string; id: number };
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const username of MAIN_USERS) {
      const c = t.client({ lang: 'en' });
      const res = await c.post('/auth/login', {
        username,
        password: DEMO_PASSWORD,
        captcha: TEST_KEY,
      });
      if (res.rc !== '00') throw new Error(`login ${username}`);
      merchants.push({
        username,
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        csrf: c.cookies.get('gerbang_csrf') ?? '',
      });
    }
    const c = t.client({ lang: 'en' });
    const res = await c.post('/console/auth/login', {
      email: 'ops@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    if (res.rc !== '00') throw new Error(`console login ${res.rc} ${res.rd}`);
    staff = {
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      csrf: (res.data as { csrf: string }).csrf,
      id: (res.data as { staff: { id: number } }).staff.id,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call(route: RouteDefinition, cookie: string, csrf: string): Promise<string> {
    const res = await t.app.inject({
      method: route.method,
      url: `/api${route.url.replace(/:kind/, 'ktp').replace(/:(\w+)/g, '999999')}`,
      headers: {
        cookie,
        'x-language': 'en',
        ...(route.method === 'POST' ? { 'x-csrf-token': csrf } : {}),
      },
      ...(route.method === 'POST' ? { payload: {} } : {}),
    });
    if (String(res.headers['content-type'] ?? '').includes('application/json')) {
      const body = res.json() as { rc?: string };
      if (typeof body.rc === 'string') return body.rc;
    }
    return String(res.statusCode);
  }

  it('has console routes to check', () => {
    expect(consoleRoutes.length).toBeGreaterThan(10);
  });

  it.each(consoleRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s',
    async (_n, route) => {
      for (const m of merchants) {
        expect(await call(route, m.cookie, m.csrf), `${m.username} on ${route.url}`).toBe('403');
      }
      expect(await call(route, '', '')).toMatch(/^(401|403)$/);
      if (route.url === '/console/auth/logout') return;
      expect(['401', '403']).not.toContain(await call(route, staff.cookie, staff.csrf));
      const rule = (route.access as { console: unknown }).console;
      if (typeof rule !== 'object' || rule === null) return;
      const { module, action } = rule as { module: string; action: string };
      await t.services.db
        .insertInto('staff_denials')
        .values({ staff_id: staff.id, module, action })
        .execute();
      try {
        expect(await call(route, staff.cookie, staff.csrf)).toBe('403');
      } finally {
        await t.services.db.deleteFrom('staff_denials').where('staff_id', '=', staff.id).execute();
      }
    },
  );
});

/**
 * The partner API half (SNAP): routes outside /api with their own rule kind. A `signed`
 * route refuses a caller without its headers (400xx02) and one with a forged bearer token
 * (401xx01) — a portal session and CSRF token give nothing; a `token` route refuses an unknown
 * client (401xx00); a `document` route is public and read-only.
 */
describe('partner API routes (SNAP)', () => {
  let t: TestApp;
  const partnerRoutes = allPartnerRoutes();
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has partner routes, each of a known rule kind and outside /api', () => {
    expect(partnerRoutes.length).toBeGreaterThan(10);
    for (const route of partnerRoutes) {
      expect(['token', 'signed', 'document']).toContain(route.access.partnerApi);
      expect(route.access.reason.length).toBeGreaterThan(5);
      expect(route.url.startsWith('/api/')).toBe(false);
    }
  });

  it.each(partnerRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s',
    async (_n, route) => {
      const merchant = await t.loginAs('partner@demo.id');
      const session = {
        cookie: [...merchant.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': merchant.cookies.get('gerbang_csrf') ?? '',
      };
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method,
          url: route.url,
          headers: { 'content-type': 'application/json', ...session, ...headers },
          ...(route.method === 'POST' ? { payload: '{}' } : {}),
        });
      if (route.access.partnerApi === 'document') {
        expect((await send({})).statusCode).toBe(200);
        return;
      }
      const bare = await send({});
      expect(bare.statusCode).toBe(400);
      expect(bare.json().responseCode).toMatch(/^400\d\d02$/);
      const stamp = new Date(t.clock.now.getTime() + 7 * 3600_000).toISOString().slice(0, 19);
      const common = { 'x-timestamp': `${stamp}+07:00`, 'x-signature': 'AAAA' };
      if (route.access.partnerApi === 'token') {
        const res = await send({ ...common, 'x-client-key': 'GBP-UNKNOWN' });
        expect(res.statusCode).toBe(401);
        expect(res.json().responseCode).toBe('4017300');
        return;
      }
      const res = await send({
        ...common,
        authorization: 'Bearer forged-token',
        'x-partner-id': 'GBP-UNKNOWN',
        'x-external-id': '1',
        'channel-id': '95221',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().responseCode).toMatch(/^401\d\d01$/);
    },
  );
});
