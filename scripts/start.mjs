#!/usr/bin/env node
/**
 * `npm start`: the web app is built when its sources changed (scripts/build-web-if-changed.mjs),
 * the server is bundled when its sources changed, and the bundle runs in this process on plain
 * Node — no TypeScript loader compiling hundreds of files at every start (README "The two
 * commands" has a later start's time).
 *
 * The server's inputs — apps/server/src, the shared and ledger packages' sources, the lockfile,
 * package.json, tsconfig.json and this repository's path — are hashed like the web app's; the hash
 * is kept in apps/server/dist/.build-hash next to the bundle. `--force` bundles anyway.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWebIfChanged } from './build-web-if-changed.mjs';
import { bundleEntry } from './export-worker.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Inside apps/server, so the server's own dependencies (apps/server/node_modules) resolve.
const outfile = path.join(root, 'apps', 'server', 'dist', 'main.mjs');
const threadFile = path.join(root, 'apps', 'server', 'dist', 'export-thread.mjs');
const stampFile = path.join(root, 'apps', 'server', 'dist', '.build-hash');

const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/ledger/src',
  'packages/ledger/package.json',
  'scripts/export-worker.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

function* files(rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      // Tests are not part of the server.
      if (/\.test\.tsx?$/.test(name)) continue;
      yield* files(path.join(rel, name));
    }
  } else {
    yield rel;
  }
}

function serverHash() {
  // The bundle holds absolute paths (import.meta.dirname): a moved checkout bundles again.
  const hash = createHash('sha256').update(root).update('\0');
  for (const input of SERVER_INPUTS) {
    for (const rel of files(input)) {
      hash.update(rel.split(path.sep).join('/')).update('\0');
      hash.update(readFileSync(path.join(root, rel))).update('\0');
    }
  }
  return hash.digest('hex');
}

const webStatus = buildWebIfChanged();
if (webStatus !== 0) process.exit(webStatus);

const current = serverHash();
const built =
  existsSync(outfile) && existsSync(threadFile) && existsSync(stampFile)
    ? readFileSync(stampFile, 'utf8').trim()
    : null;
if (process.argv.includes('--force') || built !== current) {
  const started = performance.now();
  await bundleEntry('apps/server/src/main.ts', outfile);
  // The export worker thread's entry, beside the server (jobs/export-thread.ts looks there).
  await bundleEntry('apps/server/src/jobs/export-thread-main.ts', threadFile);
  writeFileSync(stampFile, `${current}\n`);
  console.log(`server: bundled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
// Node 22.1+ keeps the compiled code of the bundle and its packages on disk, so a later start
// does not compile them again (Node checks each file's content); Node 20 has no such cache.
module.enableCompileCache?.(path.join(root, 'apps', 'server', 'dist', '.compile-cache'));
// The bundle's own top level starts the server (main.ts) in this process.
await import(pathToFileURL(outfile).href);
