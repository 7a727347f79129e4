import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, TEST_KEY, type TestApp } from '../helpers/test-app';

/**
 * With NODE_ENV=production a login with TEST_MODE_KEY as its captcha answered
 * `is_test_user: true`. Production refuses to start with the key (loadConfig), and a production
 * server never accepts it even if a key reaches its configuration some other way.
 */
describe('the test key in production', () => {
  it('refuses to start production with TEST_MODE_KEY, naming the variable', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/gerbang',
        SESSION_SECRET: 's'.repeat(40),
        CAPTCHA_SECRET: 'c'.repeat(40),
        PUBLIC_URL: 'https://portal.example.co.id',
        RAILS: 'simulator',
        TEST_MODE_KEY: TEST_KEY,
      }),
    ).toThrow(/TEST_MODE_KEY/);
  });
});

describe.each(testDatabases())('a production server on %s', (kind) => {
  let t: TestApp;
  const logLevel = process.env.LOG_LEVEL;
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent'; // production mode logs every request otherwise
    // The key is in the configuration on purpose (as if loadConfig had been bypassed).
    t = await createTestApp(kind, { config: { mode: 'production', testModeKey: TEST_KEY } });
  });
  afterAll(async () => {
    await t?.close();
    if (logLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = logLevel;
  });

  /**
   * A login as a browser sends it in production (cookie names there carry the `__Host-` prefix,
   * so the shared test client's cookie handling is not used).
   */
  async function login(captcha: string) {
    const token = await t.app.inject({ method: 'GET', url: '/api/auth/csrf_token' });
    const cookie = [token.headers['set-cookie'] ?? []]
      .flat()
      .map((line) => String(line).split(';')[0])
      .join('; ');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'partner@demo.id', password: DEMO_PASSWORD, captcha },
      headers: { cookie, 'x-csrf-token': token.json().data.csrf, 'x-language': 'en' },
    });
    return res.json() as { rc: string; rd: string; data: any };
  }

  it('never accepts the test key in place of the captcha', async () => {
    const res = await login(TEST_KEY);
    expect(res.rc).not.toBe('00');
    expect(res.rd).toMatch(/captcha/i);
    expect(res.data?.is_test_user).toBeUndefined();
    expect(t.services.captcha.isTestKey(TEST_KEY)).toBe(false);
    expect(
      await t.services.captcha.verify(TEST_KEY, { now: t.clock.now, allowTestKey: true }),
    ).toBe(false);
    const sessions = await t.services.db.selectFrom('sessions').select('id').execute();
    expect(sessions).toEqual([]);
  });

  it('still logs in with a solved captcha, as an ordinary user', async () => {
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/sha');
    const challenge = (
      await t.app.inject({ method: 'GET', url: '/api/auth/captcha_challenge' })
    ).json();
    const solution = await solveChallenge({ challenge, deriveKey } as any);
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const res = await login(payload);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.is_test_user).toBe(false);
  });
});
