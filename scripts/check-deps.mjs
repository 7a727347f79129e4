#!/usr/bin/env node
/**
 * Dependency-direction check (ARCHITECTURE §1): shared ← ledger ← server; shared ← web; nothing
 * imports server or web; inside web, features do not import each other. It reads import
 * specifiers with a regular expression — enough for our code, which has no dynamic paths — because
 * dependency-cruiser needs the TypeScript compiler API that TypeScript 7 no longer ships.
 *
 * Inside the server, the layer table below holds: the plumbing (`http`, `db`, `rails`,
 * `platform`) never imports a feature module; the blocks every feature builds on (`payouts`,
 * `payins`) never import a feature; no two modules (folders under `modules/`) import each other.
 * It prints the figures the review measures: http → modules imports, mutual module pairs and file
 * cycles (strongly connected groups of server files, type imports included).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const layers = {
  'packages/shared': [],
  'packages/ledger': ['packages/shared'],
  // The published SNAP client stands alone: it imports nothing of the project.
  'packages/snap-client': [],
  'apps/server': ['packages/shared', 'packages/ledger'],
  'apps/web': ['packages/shared'],
};
const packageDirs = {
  '@gerbang/shared': 'packages/shared',
  '@gerbang/ledger': 'packages/ledger',
  '@gerbang/snap-client': 'packages/snap-client',
  '@gerbang/server': 'apps/server',
  '@gerbang/web': 'apps/web',
};

const SERVER_SRC = 'apps/server/src';
/** Server folders below every feature: they never import `modules/`. */
const PLUMBING = ['http', 'db', 'rails', 'platform'];
/**
 * Modules every feature builds on: they never import a feature module. Features reach them
 * through hooks registered at the composition root (modules/paid-hooks.ts, settled-hooks.ts,
 * data-page-hooks.ts).
 * Jobs are not in the table: `jobs/<area>.ts` names its area's `runOnce()` (a composition root).
 */
const BLOCKS = ['payouts', 'payins'];
/**
 * The shared records every money movement writes, which blocks may use as well: the transaction
 * list and its description keys, the partner callback outbox, and the pay-in block's own tables
 * (settlements and holds, issued virtual accounts and bills) typed in their own folders.
 */
const SHARED_RECORDS = ['transactions', 'callbacks', 'settlement', 'virtual-account'];
/**
 * The database type is assembled from each area's own table declarations
 * (`modules/<area>/tables.ts`, type-only), as docs/architecture.md describes.
 */
const ALLOWED_PLUMBING_IMPORTS = [
  {
    from: /^db\/(schema|data-page-tables)\.ts$/,
    to: /^modules\/[^/]+\/tables\.ts$/,
    typeOnly: true,
  },
];
/**
 * Known violations inside the payout pipeline, which is being rewritten (one way to open a
 * payout): each entry is `from-file -> to-file` relative to apps/server/src. This list may only
 * shrink: an entry that no longer matches an import fails the check too.
 */
const PAYOUT_PIPELINE_ALLOWED = [];

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

const importPattern =
  /(?:^|[\n;])\s*((?:import|export)(?:\s+type)?)\s[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

/** Every import of `text`: its specifier and whether it is a whole-statement `import type`. */
function importsOf(text) {
  const found = [];
  for (const match of text.matchAll(importPattern)) {
    const spec = match[2] ?? match[3] ?? match[4];
    found.push({ spec, typeOnly: /\stype$/.test(match[1] ?? '') });
  }
  return found;
}

/** The source file a relative specifier names (with its extension), or null. */
function resolveFile(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec.replace(/\.js$/, ''));
  for (const ending of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const candidate = base + ending;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const problems = [];

for (const [layer, allowed] of Object.entries(layers)) {
  const layerDir = path.join(root, layer, 'src');
  for (const file of sourceFiles(layerDir)) {
    const rel = path.relative(root, file);
    const text = readFileSync(file, 'utf8');
    for (const { spec } of importsOf(text)) {
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

// ---- The server's layer table ----

const serverDir = path.join(root, SERVER_SRC);
/** file (relative to apps/server/src) → its imports of other server files. */
const graph = new Map();
for (const file of sourceFiles(serverDir)) {
  const edges = [];
  for (const { spec, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
    if (!spec.startsWith('.')) continue;
    const target = resolveFile(file, spec);
    if (target?.startsWith(`${serverDir}/`))
      edges.push({ to: path.relative(serverDir, target), typeOnly });
  }
  graph.set(path.relative(serverDir, file), edges);
}

const topFolder = (file) => file.split('/')[0];
const moduleOf = (file) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const unusedAllowances = new Set(PAYOUT_PIPELINE_ALLOWED);
function allowedInPipeline(from, to) {
  const key = `${from} -> ${to}`;
  if (!PAYOUT_PIPELINE_ALLOWED.includes(key)) return false;
  unusedAllowances.delete(key);
  return true;
}

let plumbingToModules = 0;
let httpToModules = 0;
const moduleEdges = new Map(); // module → Map(module → first "from -> to" seen)
for (const [from, edges] of graph) {
  const fromModule = moduleOf(from);
  for (const { to, typeOnly } of edges) {
    const toModule = moduleOf(to);
    if (PLUMBING.includes(topFolder(from)) && toModule) {
      const excused = ALLOWED_PLUMBING_IMPORTS.some(
        (rule) => rule.from.test(from) && rule.to.test(to) && (typeOnly || !rule.typeOnly),
      );
      if (excused) continue;
      plumbingToModules += 1;
      if (topFolder(from) === 'http') httpToModules += 1;
      problems.push(`${SERVER_SRC}/${from}: ${topFolder(from)}/ may not import modules/ (${to})`);
    }
    if (fromModule && toModule && fromModule !== toModule) {
      if (!moduleEdges.has(fromModule)) moduleEdges.set(fromModule, new Map());
      const targets = moduleEdges.get(fromModule);
      if (!targets.has(toModule)) targets.set(toModule, []);
      targets.get(toModule).push(`${from} -> ${to}`);
      const shared = BLOCKS.includes(toModule) || SHARED_RECORDS.includes(toModule);
      if (BLOCKS.includes(fromModule) && !shared) {
        if (!allowedInPipeline(from, to))
          problems.push(
            `${SERVER_SRC}/${from}: block ${fromModule} may not import feature ${toModule} (${to}); register a hook at the composition root`,
          );
      }
    }
  }
}

const mutualPairs = [];
for (const [a, targets] of moduleEdges) {
  for (const b of targets.keys()) {
    if (a < b && moduleEdges.get(b)?.has(a)) mutualPairs.push([a, b]);
  }
}
for (const [a, b] of mutualPairs) {
  const imports = [...moduleEdges.get(a).get(b), ...moduleEdges.get(b).get(a)];
  const open = imports.filter((edge) => !allowedInPipeline(...edge.split(' -> ')));
  if (open.length > 0)
    problems.push(
      `modules ${a} and ${b} import each other (one of them must not):\n      ${open.join('\n      ')}`,
    );
}

/** Strongly connected groups of more than one file (Tarjan), each a file cycle. */
function fileCycles() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)));
    }
    if (low.get(file) === index.get(file)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}
const cycles = fileCycles();
for (const group of cycles) problems.push(`file cycle: ${group.join(' ↔ ')}`);

for (const stale of unusedAllowances)
  problems.push(`payout pipeline allow-list entry no longer needed (remove it): ${stale}`);

console.log(
  `server layers: http → modules imports ${httpToModules} (plumbing → modules ${plumbingToModules}), ` +
    `mutual module pairs ${mutualPairs.length}, file cycles ${cycles.length}, ` +
    `payout pipeline allowances ${PAYOUT_PIPELINE_ALLOWED.length}`,
);

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
