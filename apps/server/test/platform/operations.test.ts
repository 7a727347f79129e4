import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackBacklogs } from '../../src/jobs/loop';
import { queueCallback } from '../../src/modules/callbacks/queue';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * What an operator's tools read (http/operations-routes.ts): Prometheus' /metrics (prom-client),
 * the liveness and readiness probes, and the request id on every answer.
 */
describe.each(testDatabases())('operations endpoints on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // The job loop is not started in the API tests; its backlog readers are what /metrics reads.
    trackBacklogs(t.services);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async (opts: { ip?: string; token?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    });

  /** The value of one series of the exposition text, e.g. `name{a="b"}`; null when absent. */
  const seriesValue = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : null;
  };

  it('counts requests by route pattern and status, with their durations', async () => {
    const before = await scrape();
    const series =
      'gerbang_http_requests_total{method="GET",route="/api/auth/csrf_token",status="200"}';
    const counted = seriesValue(before.body, series) ?? 0;
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' })).statusCode).toBe(
        200,
      );
    }
    await t.app.inject({ method: 'GET', url: '/api/no/such/route/42' });
    const after = await scrape();
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toContain('text/plain');
    expect(seriesValue(after.body, series)).toBe(counted + 3);
    // An unknown path is one series, not one per URL.
    expect(after.body).toContain(
      'gerbang_http_requests_total{method="GET",route="unmatched",status="404"}',
    );
    expect(after.body).not.toContain('/api/no/such/route/42');
    expect(
      seriesValue(
        after.body,
        'gerbang_http_request_duration_seconds_count{method="GET",route="/api/auth/csrf_token"}',
      ),
    ).toBe(counted + 3);
    expect(after.body).toMatch(/^gerbang_process_cpu_seconds_total \d/m);
  });

  it('reads job backlogs and their lag, and the ledger transfers, from the database', async () => {
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    const series = 'gerbang_job_backlog{job="callback sender"}';
    const waiting = seriesValue((await scrape()).body, series) ?? 0;
    const due = new Date(t.clock.now.getTime() - 90_000);
    await queueCallback(t.services.db, due, {
      agentId: Number(agent.id),
      environment: 'production',
      idTransaksi: 'METRICS-1',
      type: 'payment',
      timeRequest: due,
      body: { id: 'METRICS-1' },
    });
    const text = (await scrape()).body;
    expect(seriesValue(text, series)).toBe(waiting + 1);
    // The oldest due callback has waited at least the 90 s it was queued in the past.
    expect(
      seriesValue(text, 'gerbang_job_lag_seconds{job="callback sender"}'),
    ).toBeGreaterThanOrEqual(90);
    for (const job of ['rail sweep', 'export worker', 'bulk transfer', 'settlement']) {
      expect(seriesValue(text, `gerbang_job_backlog{job="${job}"}`), job).not.toBeNull();
    }
    // PostgreSQL's statistics count the inserts (the demo seed made some; they arrive within ~1 s).
    expect(seriesValue(text, 'gerbang_ledger_transfers_inserted')).toBeGreaterThanOrEqual(0);
    if (kind === 'postgres') {
      expect(seriesValue(text, 'gerbang_db_pool_connections{state="max"}')).toBeGreaterThan(0);
    }
  });

  it('answers /metrics only on this machine, or with the configured token', async () => {
    expect((await scrape({ ip: '203.0.113.9' })).statusCode).toBe(403);
    const config = t.services.config;
    config.metricsToken = 'scrape-secret';
    try {
      expect((await scrape()).statusCode).toBe(403);
      expect((await scrape({ ip: '203.0.113.9', token: 'wrong' })).statusCode).toBe(403);
      expect((await scrape({ ip: '203.0.113.9', token: 'scrape-secret' })).statusCode).toBe(200);
    } finally {
      config.metricsToken = null;
    }
  });

  it('gives every answer a request id, keeping a proxy’s well-formed one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf_token',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf_token',
      headers: { 'x-request-id': 'bad id\u0001with spaces' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is not ready while start-up work after the listener opened runs, and answers meanwhile', async () => {
    let finish = () => {};
    const topUp = t.app.whileStarting(
      () => new Promise<string>((resolve) => (finish = () => resolve('topped up'))),
    );
    const starting = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: 'starting' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/config' })).statusCode).toBe(200);
    finish();
    expect(await topUp).toBe('topped up');
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
    });
    // A start-up step that fails still ends the starting state; the failure is the caller's.
    await expect(
      t.app.whileStarting(() => Promise.reject(new Error('seed failed'))),
    ).rejects.toThrow('seed failed');
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is live and ready, and stops being ready when it starts draining', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    t.app.startDraining();
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    // Draining is about new traffic from a balancer: requests still get answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' })).statusCode).toBe(
      200,
    );
  });
});
