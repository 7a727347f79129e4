import { isInCutOff } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { allRoutes } from '../../src/modules';
import { createTestApp, TEST_KEY, type TestApp } from '../helpers/test-app';

/** The settable clock of test mode: browser tests move the server's time with it. */
describe('dev clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('moves the one clock every rule reads, and back, with the test key only', async () => {
    const c = t.client({ lang: 'en' });
    const at = '2026-11-23T23:50:00+07:00';
    const wrong = await c.post('/dev/clock', { test_key: 'guess', at });
    expect(wrong.status).toBe(403);
    expect(Math.abs(t.services.now().getTime() - Date.now())).toBeLessThan(5_000);

    const set = await c.post('/dev/clock', { test_key: TEST_KEY, at });
    expect(set.rc).toBe('00');
    expect(Math.abs(t.services.now().getTime() - Date.parse(at))).toBeLessThan(5_000);
    expect(isInCutOff(t.services.now())).toBe(true);

    const bad = await c.post('/dev/clock', { test_key: TEST_KEY, at: '0001-01-01T00:00:00Z' });
    expect(bad.status).toBe(400);

    const back = await c.post('/dev/clock', { test_key: TEST_KEY });
    expect(back.rc).toBe('00');
    expect(Math.abs(t.services.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('is never registered in production nor without a test key', () => {
    const urls = (config: Parameters<typeof allRoutes>[0]) => allRoutes(config).map((r) => r.url);
    expect(urls({ mode: 'production', testModeKey: 'k' })).not.toContain('/dev/clock');
    expect(urls({ mode: 'demo', testModeKey: null })).not.toContain('/dev/clock');
    expect(urls({ mode: 'demo', testModeKey: 'k' })).toContain('/dev/clock');
  });

  it('production refuses to start with CLOCK_AT', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x/y',
      SESSION_SECRET: 's'.repeat(40),
      CAPTCHA_SECRET: 'c'.repeat(40),
      PUBLIC_URL: 'https://portal.example',
      RAILS: 'simulator',
    };
    expect(() => loadConfig({ ...production, CLOCK_AT: '23:50' })).toThrow(/CLOCK_AT/);
    expect(loadConfig(production).clockStartsAt).toBeNull();
    expect(
      loadConfig({ GERBANG_MODE: 'test', CLOCK_AT: '2026-11-23T23:50:00+07:00' }).clockStartsAt,
    ).toEqual(new Date('2026-11-23T16:50:00Z'));
  });
});
