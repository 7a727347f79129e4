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
