import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase } from '../../apps/server/test/helpers/databases';
import { freePort } from '../../apps/server/test/helpers/free-port';
import { ServerProcess } from '../../apps/server/test/security/bank-server';

export const E2E_TEST_KEY = 'e2e-test-mode-key';
const root = path.resolve(import.meta.dirname, '../..');

/**
 * One real server for the whole browser suite: the built web app, demo data, simulator rails, and
 * a fresh database (PGlite in a temp dir, or a new PostgreSQL database when DATABASE_URL is set).
 * The server is the bundle `npm start` runs (scripts/server-bundle.mjs: the server and the npm
 * packages it loads at start in one file), so every browser test also checks that bundle.
 */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const required = process.env.E2E_REQUIRED === '1';
  if (!existsSync(chromium)) {
    if (required)
      throw new Error(`Chromium not found at ${chromium} and browser tests are required`);
    console.warn(`e2e: Chromium not found at ${chromium}; browser tests are skipped`);
    project.provide('e2eBaseUrl', '');
    return;
  }
  // WEB_DIST_DIR (the server's setting) lets a run use a web build of its own.
  const webDist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` before the browser tests`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gerbang-e2e-'));
  // E2E_DATABASE_URL: run against that database and keep it (CI checks the ledger on it afterwards);
  // otherwise a fresh PostgreSQL database when DATABASE_URL is set, else PGlite in a temp dir.
  const keptUrl = process.env.E2E_DATABASE_URL;
  const pgdb = keptUrl
    ? { url: keptUrl, drop: async () => {} }
    : process.env.DATABASE_URL
      ? await createPostgresDatabase('gerbang_e2e')
      : null;
  // ServerProcess: the bundle (bundled again first when its sources changed), ready on /readyz.
  const server = new ServerProcess(port, {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The app's own origin: the demo callback receiver is a callback URL it may call.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Passkeys (ADR 010): a browser refuses an IP address as the WebAuthn RP id, so the
    // passkey test opens the app as localhost.
    WEBAUTHN_RP_ID: 'localhost',
    WEBAUTHN_ORIGINS: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: pgdb?.url ?? '',
    TEST_MODE_KEY: E2E_TEST_KEY,
    CAPTCHA_COST: '2000',
    NODE_ENV: 'development',
    GERBANG_MODE: 'demo',
    LOG_LEVEL: 'warn',
    EXPORT_DIR: path.join(dataDir, 'exports'),
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
  });
  try {
    await server.start(120_000);
  } catch (error) {
    await server.kill();
    throw error;
  }
  const baseUrl = server.url;
  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eChromium', chromium);
  // The PostgreSQL database (empty on PGlite): a test may start a second server process on it.
  project.provide('e2eDatabaseUrl', pgdb?.url ?? '');

  return async () => {
    await server.stop();
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eChromium: string;
    e2eDatabaseUrl: string;
  }
}
