import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import { createPostgresDatabase, testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bankInquiry, offsetToWib, prepare } from '../withdraw/factory';

/** One database that outlives an app: a PGlite directory or a PostgreSQL database. */
async function persistentDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') {
    const pg = await createPostgresDatabase('gerbang_secrets');
    return { database: { url: pg.url }, drop: pg.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gerbang-secrets-'));
  return {
    database: { dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Without SESSION_SECRET the secrets were random per start, so inquiries and
 * OTPs issued before a demo restart failed with 409 after it. Demo mode now generates them once and
 * keeps them in its database; configured secrets win; test mode stays random per process.
 */
describe.each(testDatabases())('demo secrets across restarts on %s', (kind) => {
  let store: Awaited<ReturnType<typeof persistentDatabase>>;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    store = await persistentDatabase(kind);
    // Seed the users once in test mode (the demo history is not needed here).
    const seeder = await createTestApp(kind, { database: store.database });
    await seeder.close();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await store?.drop();
  });

  async function boot(mode: 'demo' | 'test', config: Record<string, unknown> = {}) {
    const t = await createTestApp(kind, {
      database: store.database,
      seed: false,
      // Partner is under the 23:45–00:15 WIB cut-off: work at 10:00 WIB.
      clockOffsetMs: offsetToWib(10, 0),
      config: { mode, ...config },
    });
    apps.push(t);
    return t;
  }
  async function stop(t: TestApp) {
    await t.close();
    apps.splice(apps.indexOf(t), 1);
  }

  it('a demo bootstrap twice on the same database gives the same secrets', async () => {
    const first = await boot('demo');
    const { sessionSecret, captchaSecret } = first.services.config;
    expect(sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(captchaSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionSecret).not.toBe(captchaSecret);
    await stop(first);
    const second = await boot('demo');
    expect(second.services.config.sessionSecret).toBe(sessionSecret);
    expect(second.services.config.captchaSecret).toBe(captchaSecret);
    await stop(second);
  });

  it('configured secrets win over the stored ones; test mode stays random per process', async () => {
    const configured = await boot('demo', {
      sessionSecret: 'S'.repeat(40),
      captchaSecret: 'C'.repeat(40),
      generatedSecrets: [],
    });
    expect(configured.services.config.sessionSecret).toBe('S'.repeat(40));
    expect(configured.services.config.captchaSecret).toBe('C'.repeat(40));
    await stop(configured);
    const a = await boot('test');
    const secretA = a.services.config.sessionSecret;
    await stop(a);
    const b = await boot('test');
    expect(b.services.config.sessionSecret).not.toBe(secretA);
    await stop(b);
  });

  it('a withdrawal inquired and OTP-mailed before a restart is payable after it', async () => {
    const first = await boot('demo');
    const c1 = await first.loginAs('partner@demo.id', { lang: 'en' });
    const paid = await prepare(c1, bankInquiry({ nominal: 50_000 }));
    await stop(first);

    const second = await boot('demo');
    const c2 = await second.loginAs('partner@demo.id', { lang: 'en' });
    const res = await c2.post('/transaction/cashout_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    const row = await second.services.db
      .selectFrom('transactions')
      .select(['status_trx'])
      .where('id_transaksi', '=', paid.inquiry.idtransaksi)
      .executeTakeFirstOrThrow();
    expect(['PROCESS', 'SUCCESS']).toContain(row.status_trx);
  });

  it('the real start path (loadConfig + bootstrap) in demo mode reads the stored secrets', async () => {
    const env = {
      DATA_DIR: store.database.dataDir ?? '',
      DATABASE_URL: store.database.url ?? '',
      GERBANG_MODE: kind === 'postgres' ? 'demo' : '',
      LOG_LEVEL: 'silent',
    };
    const one = await bootstrap(loadConfig(env));
    const secret = one.services.config.sessionSecret;
    await one.close();
    const two = await bootstrap(loadConfig(env));
    expect(two.services.config.sessionSecret).toBe(secret);
    expect(two.services.config.mode).toBe('demo');
    await two.close();
  });
});
