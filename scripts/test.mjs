#!/usr/bin/env node
/**
 * `npm test`: builds the web app (the browser tests drive the built app), then runs every vitest
 * project — unit, api (PGlite, plus PostgreSQL when DATABASE_URL is set) and e2e (real Chromium) —
 * and ends with one plain summary line. Extra arguments go to vitest (e.g. `npm test -- --project api`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ??
  1;

if (run('npm', ['run', 'build', '--silent']) !== 0) {
  console.error('web build failed');
  process.exit(1);
}

mkdirSync(path.join(root, '.tmp'), { recursive: true });
const report = path.join(root, '.tmp/vitest-report.json');
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = result.numPendingTests + result.numTodoTests;
  console.log(
    `\nTests: ${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
  if (result.numTotalTests === 0) process.exit(1);
} catch {
  console.log('\nTests: 0 passed, 1 failed (no vitest report was written)');
  process.exit(1);
}
process.exit(status);
