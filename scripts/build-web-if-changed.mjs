#!/usr/bin/env node
/**
 * `npm start` builds the web app only when its sources changed since the last build. The
 * inputs — apps/web/src, apps/web/public, packages/shared/src, the web app's config
 * files, the root package.json and package-lock.json — are hashed (paths and contents); the hash
 * is kept in apps/web/dist/.build-hash after a successful build. Same hash and a built
 * index.html: nothing to do. `--force` builds anyway; `--check` only says whether a build is due
 * (exit 1 when it is).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashInputs } from './input-hash.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.build-hash');

/** Everything the built app depends on, relative to the repository root. */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'scripts/compress-dist.mjs',
  'scripts/page-preloads.mjs',
  'scripts/strip-call-schemas.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/** The hash of every input file's path and content. */
export function sourceHash() {
  return hashInputs(BUILD_INPUTS);
}

function builtHash() {
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(stampFile)) return null;
  return readFileSync(stampFile, 'utf8').trim();
}

/**
 * Builds the web app when its sources changed (or `force`); `checkOnly` only tells whether a build
 * is due. Returns the exit code this script would end with. scripts/start.mjs calls it in its own
 * process (a child Node process would cost a start ~0.1–0.2 s).
 */
export function buildWebIfChanged({ force = false, checkOnly = false } = {}) {
  const current = sourceHash();
  const upToDate = !force && builtHash() === current;
  if (checkOnly) {
    console.log(upToDate ? 'web app: up to date' : 'web app: build needed');
    return upToDate ? 0 : 1;
  }
  if (upToDate) {
    console.log('web app: sources unchanged since the last build, not rebuilding');
    return 0;
  }
  console.log('web app: building (sources changed since the last build)');
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) return result.status ?? 1;
  // Hashed again after the build: a file edited during the build makes the next start build again.
  writeFileSync(stampFile, `${sourceHash() === current ? current : ''}\n`);
  console.log(`web app: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = buildWebIfChanged({
    force: process.argv.includes('--force'),
    checkOnly: process.argv.includes('--check'),
  });
}
