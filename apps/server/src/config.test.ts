import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('defaults to demo mode on embedded PGlite', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('demo');
    expect(config.databaseUrl).toBeNull();
    expect(config.port).toBe(3000);
  });

  it('refuses production without a database and real secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/gerbang',
        SESSION_SECRET: 'short',
        CAPTCHA_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://p',
      }),
    ).toThrow(/SESSION_SECRET/);
  });

  it('refuses production when no rail is chosen, since only the simulator exists', () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/g',
      SESSION_SECRET: 's'.repeat(40),
      CAPTCHA_SECRET: 'c'.repeat(40),
      PUBLIC_URL: 'https://p',
    };
    expect(() => loadConfig(env)).toThrow(/RAILS/);
  });

  it('refuses to seed demo data into a PostgreSQL database unless asked for explicitly', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/g' })).toThrow(/GERBANG_MODE=demo/);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/g', GERBANG_MODE: 'demo' }).mode).toBe('demo');
  });

  const productionEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/gerbang',
    SESSION_SECRET: 's'.repeat(40),
    CAPTCHA_SECRET: 'c'.repeat(40),
    PUBLIC_URL: 'https://portal.example.co.id',
    RAILS: 'simulator',
  };

  it('refuses production with TEST_MODE_KEY set, and says so', () => {
    expect(() => loadConfig({ ...productionEnv, TEST_MODE_KEY: 'k' })).toThrow(
      /refuses to start with TEST_MODE_KEY set/,
    );
    // Whitespace is not a key: nothing to refuse, nothing accepted.
    expect(loadConfig({ ...productionEnv, TEST_MODE_KEY: '  ' }).testModeKey).toBeNull();
    expect(loadConfig({ TEST_MODE_KEY: 'k' }).testModeKey).toBe('k');
  });

  it('listens on 127.0.0.1 in demo and test mode unless HOST is set, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ GERBANG_MODE: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(productionEnv).host).toBe('0.0.0.0');
    expect(loadConfig({ ...productionEnv, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('names the secrets it generated, so demo mode can keep them across restarts', () => {
    expect(loadConfig({}).generatedSecrets).toEqual(['session', 'captcha']);
    const partly = loadConfig({ SESSION_SECRET: 'x'.repeat(40), CAPTCHA_SECRET: '' });
    expect(partly.generatedSecrets).toEqual(['captcha']);
    expect(partly.sessionSecret).toBe('x'.repeat(40));
    // An empty variable is not a secret: a random one replaces it.
    expect(partly.captchaSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig(productionEnv).generatedSecrets).toEqual([]);
  });

  it('starts production with a database and secrets', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/gerbang',
      SESSION_SECRET: 's'.repeat(40),
      CAPTCHA_SECRET: 'c'.repeat(40),
      PUBLIC_URL: 'https://portal.example.co.id/',
      PORT: '8080',
      RAILS: 'simulator',
    });
    expect(config.mode).toBe('production');
    expect(config.publicUrl).toBe('https://portal.example.co.id');
    expect(config.port).toBe(8080);
  });
});
