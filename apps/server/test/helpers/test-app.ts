import type { FastifyInstance } from 'fastify';
import { bootstrap } from '../../src/bootstrap';
import { type Config, loadConfig } from '../../src/config';
import { buildApp } from '../../src/http/app';
import type { Services } from '../../src/http/services';
import { allPartnerAreas, allPartnerRoutes, allRoutes } from '../../src/modules';
import { createClock } from '../../src/platform/clock';
import type { RailsConfig } from '../../src/rails';
import { DEMO_PASSWORD } from '../../src/seed/demo-users';
import { seedDemo } from '../../src/seed/seed-demo';
import { createPostgresDatabase } from './databases';
import { migratedPgliteDataDir, migratedPostgresTemplate } from './migrated-template';

export const TEST_KEY = 'test-mode-key-for-api-tests';
// The demo password the seed uses, re-exported so tests name one constant.
export { DEMO_PASSWORD } from '../../src/seed/demo-users';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  /** Moves the clock used by the server (lockouts, expiries, windows). */
  clock: { now: Date; advance(ms: number): void; set(at: Date): void };
  /** A new cookie-keeping client, like a fresh browser (from `ip`, 127.0.0.1 by default). */
  client(opts?: { lang?: 'id' | 'en'; ip?: string }): TestClient;
  /** A client logged in as `username` with the test key. */
  loginAs(username: string, opts?: { lang?: 'id' | 'en' }): Promise<TestClient>;
  close(): Promise<void>;
}

export interface Envelope<T = any> {
  rc: string;
  rd: string;
  data: T;
}

export interface TestClient {
  get<T = any>(
    url: string,
    query?: Record<string, string | number | undefined>,
  ): Promise<Envelope<T> & { status: number }>;
  post<T = any>(
    url: string,
    body?: unknown,
    opts?: { csrf?: boolean; headers?: Record<string, string> },
  ): Promise<Envelope<T> & { status: number }>;
  cookies: Map<string, string>;
}

/**
 * A full server on a fresh database (in-memory PGlite, or a new PostgreSQL database), demo data
 * seeded, driven through Fastify inject with a cookie jar per client.
 */
export async function createTestApp(
  kind: 'pglite' | 'postgres' = 'pglite',
  opts: {
    seed?: boolean;
    /**
     * Reuse a database across apps (restart tests): a PGlite directory, or a PostgreSQL URL that
     * the caller created and drops. Without it every app gets a fresh database.
     */
    database?: { dataDir?: string; url?: string };
    /** Rail configuration (simulator knobs or connectors) for this app. */
    rails?: RailsConfig;
    /** Start the clock this many milliseconds from real time. */
    clockOffsetMs?: number;
    /** Start the clock at this instant (it runs on from there); seeding happens at that time. */
    clockAt?: Date;
    /** Configuration fields to override after loading it (e.g. `mode: 'demo'`). */
    config?: Partial<Config>;
  } = {},
): Promise<TestApp> {
  const reuse = opts.database;
  // A fresh database per app, copied from the migrated template (helpers/migrated-template.ts).
  const pgdb =
    kind === 'postgres' && !reuse?.url
      ? await createPostgresDatabase('gerbang_test', { template: await migratedPostgresTemplate() })
      : null;
  const pgliteLoadDataDir =
    kind === 'pglite' && !reuse?.dataDir ? await migratedPgliteDataDir() : undefined;
  const loaded = loadConfig({
    ...process.env,
    GERBANG_MODE: 'test',
    NODE_ENV: 'test',
    DATABASE_URL: kind === 'postgres' ? (reuse?.url ?? pgdb?.url ?? '') : '',
    DATA_DIR: reuse?.dataDir ?? 'memory://',
    TEST_MODE_KEY: TEST_KEY,
    SMTP_URL: '',
    CAPTCHA_COST: '50',
  });
  const config: Config = { ...loaded, ...opts.config };
  // The server's one clock: real time shifted by an offset that tests may set or advance.
  const serverClock = createClock(opts.clockAt ?? null);
  if (opts.clockOffsetMs) serverClock.advance(opts.clockOffsetMs);
  const clock = {
    get now() {
      return serverClock.now();
    },
    advance: (ms: number) => serverClock.advance(ms),
    set: (at: Date) => serverClock.set(at),
  };
  const running = await bootstrap(config, {
    clock: serverClock,
    rails: opts.rails,
    pgliteLoadDataDir,
  });
  if (opts.seed !== false) await seedDemo(running.services);
  const app = await buildApp(
    running.services,
    allRoutes(config),
    allPartnerRoutes(),
    allPartnerAreas(),
  );
  await app.ready();

  const client = (clientOpts: { lang?: 'id' | 'en'; ip?: string } = {}): TestClient => {
    const cookies = new Map<string, string>();
    const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (setCookie: string | string[] | undefined) => {
      for (const line of [setCookie ?? []].flat()) {
        const [pair] = line.split(';');
        const [name, ...rest] = pair.split('=');
        const value = rest.join('=');
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name.trim());
        else cookies.set(name.trim(), value);
      }
    };
    const headers = (): Record<string, string> => ({
      cookie: cookieHeader(),
      ...(clientOpts.lang ? { 'x-language': clientOpts.lang } : {}),
    });
    const self: TestClient = {
      cookies,
      async get(url, query) {
        const res = await app.inject({
          method: 'GET',
          url: `/api${url}`,
          query: query as any,
          headers: headers(),
          ...(clientOpts.ip ? { remoteAddress: clientOpts.ip } : {}),
        });
        keep(res.headers['set-cookie']);
        return { ...(res.json() as Envelope), status: res.statusCode };
      },
      async post(url, body = {}, postOpts = {}) {
        if (postOpts.csrf !== false && !cookies.has('gerbang_csrf'))
          await self.get('/auth/csrf_token');
        const res = await app.inject({
          method: 'POST',
          url: `/api${url}`,
          payload: body as any,
          ...(clientOpts.ip ? { remoteAddress: clientOpts.ip } : {}),
          headers: {
            ...headers(),
            ...(postOpts.csrf === false
              ? {}
              : { 'x-csrf-token': cookies.get('gerbang_csrf') ?? '' }),
            ...postOpts.headers,
          },
        });
        keep(res.headers['set-cookie']);
        return { ...(res.json() as Envelope), status: res.statusCode };
      },
    };
    return self;
  };

  return {
    app,
    services: running.services,
    clock,
    client,
    async loginAs(username, loginOpts) {
      const c = client(loginOpts);
      const res = await c.post('/auth/login', {
        username,
        password: DEMO_PASSWORD,
        captcha: TEST_KEY,
      });
      if (res.rc !== '00') throw new Error(`login as ${username} failed: ${res.rc} ${res.rd}`);
      return c;
    },
    async close() {
      await app.close();
      await running.close();
      await pgdb?.drop();
    },
  };
}
