import { writeFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema';
import type { AuthContext } from '../../src/http/auth-context';
import { enforceAccess } from '../../src/http/guard';
import type { RouteDefinition } from '../../src/http/route';
import { allRoutes } from '../../src/modules';
import { sessionCookieNames } from '../../src/platform/session/cookies';
import { csrfForSession } from '../../src/platform/session/csrf';
import { createSession, loadSession } from '../../src/platform/session/sessions';
import { DEMO_USERS } from '../../src/seed/demo-users';
import { testDatabases } from '../helpers/databases';
import { createTestApp, TEST_KEY, type TestApp } from '../helpers/test-app';
import { casesFor, type FuzzCase, refusalCasesFor } from './fuzz-inputs';

/**
 * Schema-driven fuzz: every route of allRoutes() gets generated bad input — wrong
 * types, missing fields, NUL, huge strings and numbers, out-of-range dates, SQL in filters and
 * sorts, broken JSON, wrong media types, bodies over the limit — as an anonymous caller, as a
 * user the route's rule refuses, and as one it allows. Expected: no 5xx, every answer in the
 * envelope with `rd` translated, and no change to the business tables for a refused request.
 * The routes and fields come from the registry and the zod schemas, so new routes are covered.
 */

/** Tables a refusal may legitimately write to (attempt counters, audit trail, captcha replay). */
const VOLATILE_TABLES = new Set([
  'audit_log',
  'login_attempts',
  'guess_budgets',
  'guess_tries',
  'captcha_spent',
  'instance_secrets',
  'kysely_migration',
  'kysely_migration_lock',
]);
/** Tables whose row count matters but whose rows are touched by reads (session last-seen). */
const COUNT_ONLY_TABLES = new Set(['sessions']);

interface Caller {
  name: string;
  cookie: string;
  csrf: string;
}

interface Figures {
  sent: number;
  refused: number;
  serverErrors: number;
  outsideEnvelope: number;
  untranslated: number;
  changedOnRefusal: number;
  unanswered: number;
}

// FUZZ_ROUTES=<substring> narrows a run to matching routes while debugging one area.
const routes = allRoutes({ mode: 'test', testModeKey: TEST_KEY }).filter(
  (r) => !process.env.FUZZ_ROUTES || r.url.includes(process.env.FUZZ_ROUTES),
);
/** Every fuzzed request must be answered within this. */
const ANSWER_WITHIN_MS = 5_000;
/**
 * Server-sent event streams answer an allowed caller with 200 and stay open (that is their job), so
 * only their refusals are fuzzed here; what an allowed caller receives is
 * test/events/live-events.test.ts.
 */
const OPEN_STREAMS = new Set(['/events']);
const CATALOG_KEY = /^[a-z][\w-]*\.[\w.-]+$/i;

describe.each(testDatabases())('schema-driven fuzz on %s', (kind) => {
  let t: TestApp;
  let tables: string[] = [];
  const users = new Map<string, number>();
  const figures: Figures = {
    sent: 0,
    refused: 0,
    serverErrors: 0,
    outsideEnvelope: 0,
    untranslated: 0,
    changedOnRefusal: 0,
    unanswered: 0,
  };
  const problems: string[] = [];

  let reqMs = 0;
  /** Rows written so far to the watched tables (counted by triggers installed for the suite). */
  async function fingerprint(db: Kysely<Database>): Promise<string> {
    const rows = await sql<{ n: string }>`select n::text as n from fuzz_writes`.execute(db);
    return rows.rows[0]?.n ?? '';
  }

  /**
   * A row trigger on every business table counts inserts, updates and deletes, so "nothing
   * changed" is one cheap read and catches an update as well as a new row.
   */
  async function watchWrites(db: Kysely<Database>) {
    await sql`create table fuzz_writes (n bigint not null)`.execute(db);
    await sql`insert into fuzz_writes values (0)`.execute(db);
    await sql`create function fuzz_count_write() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1; return null; end $$`.execute(db);
    for (const name of tables) {
      // Reads touch a session's last-seen time: only new and deleted sessions count there.
      const events = COUNT_ONLY_TABLES.has(name)
        ? sql.raw('insert or delete')
        : sql.raw('insert or update or delete');
      await sql`create trigger fuzz_watch after ${events} on ${sql.table(name)}
        for each row execute function fuzz_count_write()`.execute(db);
    }
  }

  const tokens = new Map<string, string>();

  /**
   * The demo user's session (no login round trip), created once and again only after a fuzzed
   * call ended it (logout); reset to production, since a fuzzed call may have switched it.
   */
  async function sessionFor(username: string): Promise<{ caller: Caller; auth: AuthContext }> {
    const userId = users.get(username);
    if (userId === undefined) throw new Error(`no user ${username}`);
    const now = t.services.now();
    let token = tokens.get(username);
    let auth = token ? await loadSession(t.services.db, token, now) : null;
    if (auth && auth.environment !== 'production') {
      await t.services.db
        .updateTable('sessions')
        .set({ environment: 'production' })
        .where('id', '=', auth.sessionId)
        .execute();
      auth = await loadSession(t.services.db, token as string, now);
    }
    if (!auth || !token) {
      const session = await createSession(t.services.db, {
        userId,
        isTest: true,
        ip: '127.0.0.1',
        userAgent: 'fuzz',
        now,
      });
      token = session.token;
      tokens.set(username, token);
      auth = await loadSession(t.services.db, token, now);
    }
    if (!auth) throw new Error(`session for ${username} did not load`);
    const names = sessionCookieNames(t.services.config.mode);
    const caller = {
      name: username,
      cookie: `${names.session}=${token}`,
      csrf: csrfForSession(token),
    };
    return { caller, auth };
  }

  /** An anonymous caller with the double-submit CSRF pair. */
  async function anonymous(): Promise<Caller> {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' });
    const csrf = String(res.json().data.csrf);
    const names = sessionCookieNames(t.services.config.mode);
    return { name: 'anonymous', cookie: `${names.csrf}=${csrf}`, csrf };
  }

  /** The first demo user the route's rule allows, and the first it refuses. */
  async function callersFor(route: RouteDefinition) {
    let allowed: Caller | undefined;
    let denied: Caller | undefined;
    if (route.access.public) return { allowed: await anonymous(), denied };
    for (const username of users.keys()) {
      if (allowed && denied) break;
      const { caller, auth } = await sessionFor(username);
      let ok = true;
      try {
        enforceAccess(route.access, auth);
      } catch {
        ok = false;
      }
      if (ok && !allowed) allowed = caller;
      if (!ok && !denied) denied = caller;
    }
    return { allowed, denied };
  }

  /** Sends one case; `mustRefuse` for callers the route's rule refuses (anonymous, denied). */
  async function send(
    route: RouteDefinition,
    c: FuzzCase,
    caller: Caller | null,
    mustRefuse = false,
  ) {
    const headers: Record<string, string> = { 'x-language': 'en' };
    if (caller?.cookie) headers.cookie = caller.cookie;
    if (caller && route.method === 'POST') headers['x-csrf-token'] = caller.csrf;
    if (c.contentType) headers['content-type'] = c.contentType;
    if (process.env.FUZZ_TRACE) console.log(`fuzz: ${route.method} ${route.url} [${c.label}]`);
    const before = await fingerprint(t.services.db);
    const started = performance.now();
    const answer = t.app.inject({
      method: route.method,
      url: c.url,
      query: c.query,
      headers,
      ...(route.method === 'POST' ? { payload: c.payload ?? '' } : {}),
    });
    // A request that never answers (a stream nobody ends) is a finding, not a suite timeout.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const res = await Promise.race([
      answer,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS);
      }),
    ]);
    clearTimeout(timer);
    reqMs += performance.now() - started;
    figures.sent += 1;
    const where = `${route.method} ${route.url} [${c.label}] as ${caller?.name ?? 'anonymous'}`;
    if (res === null) {
      figures.unanswered += 1;
      problems.push(`${where}: no answer within ${ANSWER_WITHIN_MS} ms`);
      return;
    }
    if (res.statusCode >= 500) {
      figures.serverErrors += 1;
      problems.push(`${where}: HTTP ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
    let rc: string | undefined;
    if (route.raw && (res.statusCode === 200 || (res.statusCode >= 300 && res.statusCode < 400))) {
      // A raw route's success (a file, an image, the captcha challenge, a redirect) is no envelope.
    } else if (isJson) {
      const body = res.json() as Record<string, unknown>;
      const enveloped =
        typeof body.rc === 'string' && typeof body.rd === 'string' && 'data' in body;
      if (!enveloped) {
        figures.outsideEnvelope += 1;
        problems.push(`${where}: not an envelope ${res.body.slice(0, 160)}`);
      } else {
        rc = body.rc as string;
        if (CATALOG_KEY.test(body.rd as string) || (body.rd as string).trim() === '') {
          figures.untranslated += 1;
          problems.push(`${where}: rd not translated: ${body.rd}`);
        }
      }
    } else {
      figures.outsideEnvelope += 1;
      problems.push(`${where}: HTTP ${res.statusCode} outside the envelope`);
    }
    if (mustRefuse && !['401', '403'].includes(rc ?? '')) {
      problems.push(`${where}: expected a refusal (401/403), got rc ${rc} HTTP ${res.statusCode}`);
    }
    if (rc !== undefined && rc !== '00') {
      figures.refused += 1;
      const after = await fingerprint(t.services.db);
      if (after !== before) {
        figures.changedOnRefusal += 1;
        problems.push(`${where}: refused (rc ${rc}) but the database changed`);
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(
      t.services.db,
    );
    tables = rows.rows.map((r) => r.table_name).filter((name) => !VOLATILE_TABLES.has(name));
    await watchWrites(t.services.db);
    const demo = await t.services.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where(
        'username',
        'in',
        DEMO_USERS.map((u) => u.username),
      )
      .execute();
    // Main users first (they hold most permissions), then sub-users (they lack some).
    const order = DEMO_USERS.map((u) => u.username);
    for (const u of demo.sort((a, b) => order.indexOf(a.username) - order.indexOf(b.username)))
      users.set(u.username, Number(u.id));
  });

  afterAll(async () => {
    console.log(
      `[fuzz ${kind}] routes ${routes.length}, requests sent ${figures.sent}, refused ${figures.refused}, ` +
        `5xx ${figures.serverErrors}, outside envelope ${figures.outsideEnvelope}, ` +
        `untranslated ${figures.untranslated}, database changed on refusal ${figures.changedOnRefusal}, ` +
        `unanswered ${figures.unanswered}`,
    );
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, problems.join('\n'));
    console.log(`[fuzz ${kind}] time in requests ${Math.round(reqMs)} ms`);
    await t?.close();
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const mark = problems.length;
    const { allowed, denied } = await callersFor(route);
    const refusals = refusalCasesFor(route, TEST_KEY);
    if (!route.access.public) {
      // Without any cookie (refused by the CSRF check on POST), and with a valid anonymous
      // CSRF pair (refused by the session check, before the body is read).
      const anon = await anonymous();
      for (const c of refusals) await send(route, c, null, true);
      for (const c of refusals) await send(route, c, anon, true);
    }
    if (denied) for (const c of refusals) await send(route, c, denied, true);
    if (allowed && !OPEN_STREAMS.has(route.url))
      for (const c of casesFor(route, TEST_KEY)) await send(route, c, allowed);
    expect(problems.slice(mark)).toEqual([]);
  });

  it('printed figures: some requests were sent and refused, none failed', () => {
    expect(figures.sent).toBeGreaterThan(routes.length * 5);
    expect(figures.refused).toBeGreaterThan(0);
    expect(figures.serverErrors).toBe(0);
  });
});
