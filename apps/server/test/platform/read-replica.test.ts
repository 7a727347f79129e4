import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueCallback } from '../../src/modules/callbacks/queue';
import { createPostgresDatabase } from '../helpers/databases';
import { migratedPostgresTemplate } from '../helpers/migrated-template';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * Reads that may lag go to the read replica (platform/read-replica.ts), and never a read its
 * author must see. The "replica" here is a copy of the primary taken after the demo seed, so a
 * row written afterwards exists on the primary only: a page that shows it was read from the
 * primary, a page that does not was read from the replica. (The streaming replica itself, with
 * its lag, is exercised by the HA lab.) PostgreSQL only: PGlite has no replicas.
 */
const runOnPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!runOnPostgres)('the read replica', () => {
  let t: TestApp;
  let primary: { url: string; drop(): Promise<void> };
  let replica: { url: string; drop(): Promise<void> };
  let portal: TestClient;
  let agentId: number;

  beforeAll(async () => {
    primary = await createPostgresDatabase('gerbang_primary', {
      template: await migratedPostgresTemplate(),
    });
    // Seed once, then copy the seeded primary into the "replica" while nothing is connected.
    const seeding = await createTestApp('postgres', { database: { url: primary.url } });
    await seeding.close();
    replica = await createPostgresDatabase('gerbang_replica', {
      template: new URL(primary.url).pathname.slice(1),
    });
    t = await createTestApp('postgres', {
      database: { url: primary.url },
      seed: false,
      config: { databaseReplicaUrl: replica.url, replicaMaxLagMs: 5_000 },
    });
    portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    agentId = Number(agent.id);
    await queueCallback(t.services.db, t.clock.now, {
      agentId,
      environment: 'production',
      idTransaksi: 'WRITTEN-AFTER-THE-COPY',
      type: 'payment',
      timeRequest: t.clock.now,
      body: { id: 'WRITTEN-AFTER-THE-COPY' },
    });
    // The replica's first lag check runs at start; wait until it has answered.
    for (let i = 0; i < 100 && !t.services.replica?.usable(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await replica?.drop();
    await primary?.drop();
  });

  const callbackPageShowsTheNewRow = async (client: TestClient) => {
    const page = await client.get('/data/callback');
    expect(page.rc, page.rd).toBe('00');
    return JSON.stringify(page.data).includes('WRITTEN-AFTER-THE-COPY');
  };

  it('reads data pages from the replica when the reader has not just written', async () => {
    expect(t.services.replica?.usable()).toBe(true);
    // Logging in was a write (a POST): its cookie is what the next test is about.
    portal.cookies.delete('gerbang_wrote');
    expect(await callbackPageShowsTheNewRow(portal)).toBe(false);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^gerbang_db_replica_lag_seconds 0$/m);
  });

  it('reads the primary for a few seconds after the reader wrote anything', async () => {
    const wrote = await portal.post('/control/create_otp', { captcha: '', brand: 'credential' });
    expect(wrote.rc, wrote.rd).toBe('00');
    expect([...portal.cookies.keys()]).toContain('gerbang_wrote');
    expect(await callbackPageShowsTheNewRow(portal)).toBe(true);
    // Another reader of the same agent, who wrote nothing, still reads the replica.
    const other = await t.loginAs('partner@demo.id', { lang: 'en' });
    other.cookies.delete('gerbang_wrote');
    expect(await callbackPageShowsTheNewRow(other)).toBe(false);
  });

  it('reads the primary when the replica goes away', async () => {
    await replica.drop();
    for (let i = 0; i < 100 && t.services.replica?.usable(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(t.services.replica?.usable()).toBe(false);
    const reader = await t.loginAs('partner@demo.id', { lang: 'en' });
    reader.cookies.delete('gerbang_wrote');
    expect(await callbackPageShowsTheNewRow(reader)).toBe(true);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^gerbang_db_replica_lag_seconds -1$/m);
  });
});
