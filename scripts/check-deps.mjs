#!/usr/bin/env node
/**
 * Dependency-direction check (ARCHITECTURE §1): shared ← ledger ← server; shared ← web; nothing
 * imports server or web; inside web, features do not import each other. It reads import
 * specifiers with a regular expression — enough for our code, which has no dynamic paths — because
 * dependency-cruiser needs the TypeScript compiler API that TypeScript 7 no longer ships.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const layers = {
  'packages/shared': [],
  'packages/ledger': ['packages/shared'],
  'apps/server': ['packages/shared', 'packages/ledger'],
  'apps/web': ['packages/shared'],
};
const packageDirs = {
  '@gerbang/shared': 'packages/shared',
  '@gerbang/ledger': 'packages/ledger',
  '@gerbang/server': 'apps/server',
  '@gerbang/web': 'apps/web',
};

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

const importPattern =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];

for (const [layer, allowed] of Object.entries(layers)) {
  const layerDir = path.join(root, layer, 'src');
  for (const file of sourceFiles(layerDir)) {
    const rel = path.relative(root, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const spec = match[1] ?? match[2];
      let target = null;
      if (spec.startsWith('.'))
        target = path.relative(root, path.resolve(path.dirname(file), spec));
      else {
        const pkg = Object.keys(packageDirs).find((p) => spec === p || spec.startsWith(`${p}/`));
        if (pkg) target = packageDirs[pkg];
      }
      if (!target) continue;
      const targetLayer = Object.keys(layers).find(
        (l) => target === l || target.startsWith(`${l}/`),
      );
      if (targetLayer && targetLayer !== layer && !allowed.includes(targetLayer)) {
        problems.push(`${rel}: ${layer} may not import ${targetLayer} (${spec})`);
      }
      const fromFeature = /^apps\/web\/src\/features\/([^/]+)\//.exec(rel)?.[1];
      const toFeature = /^apps\/web\/src\/features\/([^/]+)/.exec(target)?.[1];
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        problems.push(
          `${rel}: web feature ${fromFeature} may not import feature ${toFeature} (${spec}); compose in app/`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Dependency direction violated:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('dependency direction: ok');

/**
 * API paths in the web app come from the shared contract (`client.call(call, input)`,
 * `callUrl(call)`; packages/shared/src/contract/<area>-calls.ts), never from a literal: a literal
 * `/api…` string anywhere but the clients (API_CLIENTS), or a literal path given to `api.get/post`,
 * `consoleApi.get/post` or `fetch`. Page routes (`/data/...`, `/auth/login`) are not API paths and
 * are not looked at. Areas not yet on calls are listed in web-api-literals.json with their count;
 * a file may go below its count (lower it then), never above it, and no other file may have one.
 */
const literalPatterns = [
  /['"`]\/api(?:[/?'"`$])/g,
  /\b(?:api|consoleApi)\s*\.\s*(?:get|post)\b[^(;]*?\(\s*['"`]/g,
  /\bfetch\s*\(\s*['"`]/g,
];
/** The clients themselves put `/api` in front of a path. */
const API_CLIENTS = new Set([
  'apps/web/src/lib/api.ts',
  // The public pay page's own small client (no session, its own bundle).
  'apps/web/src/features/paylink/pay-api.ts',
  // The console's client (the staff session and its CSRF token).
  'apps/web/src/features/console/consoleApi.ts',
]);
const baselinePath = path.join(root, 'scripts/web-api-literals.json');
const baseline = JSON.parse(readFileSync(baselinePath, 'utf8'));
const literalProblems = [];
const shrunk = [];
/** The lower counts, for `--shrink`. */
const counts = {};
for (const file of sourceFiles(path.join(root, 'apps/web/src'))) {
  const rel = path.relative(root, file);
  if (API_CLIENTS.has(rel)) continue;
  const text = readFileSync(file, 'utf8');
  const count = literalPatterns.reduce((n, re) => n + [...text.matchAll(re)].length, 0);
  const allowed = baseline[rel] ?? 0;
  if (count > allowed) {
    literalProblems.push(
      `${rel}: ${count} literal API path(s), ${allowed} allowed — use a call of the shared contract`,
    );
  } else if (count < allowed) {
    shrunk.push(`${rel}: ${allowed} → ${count}`);
    counts[rel] = count;
  }
}
if (literalProblems.length > 0) {
  console.error(`Literal API paths in apps/web:\n  ${literalProblems.join('\n  ')}`);
  process.exit(1);
}
if (shrunk.length > 0 && process.argv.includes('--shrink')) {
  // Lowers the listed counts to what is left (never raises one).
  const next = Object.fromEntries(
    Object.entries({ ...baseline, ...counts })
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(baselinePath, `${JSON.stringify(next, null, 2)}\n`);
  console.log(
    `web API literals: lowered in scripts/web-api-literals.json:\n  ${shrunk.join('\n  ')}`,
  );
} else if (shrunk.length > 0) {
  console.log(
    `web API literals: fewer than listed (run \`node scripts/check-deps.mjs --shrink\`):\n  ${shrunk.join('\n  ')}`,
  );
}
console.log('web API paths from the contract: ok');
