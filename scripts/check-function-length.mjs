#!/usr/bin/env node
/**
 * Function length: Biome's noExcessiveLinesPerFunction (biome.json: 70 lines; off in the editor
 * and in `biome check`, run here) over the source of the apps and packages, tests excepted. The
 * functions longer than that today are listed in scripts/function-length-baseline.json; this
 * fails on a function over the limit that is not listed AND on a listed one that is no longer
 * over it, so the list can only shrink. A function is named by its file and its name (the
 * declared name, the variable or property it is assigned to, or `<callback of call>`), with `#2`,
 * `#3` for later ones of the same name in a file, so moving code around does not break the list.
 *
 *   node scripts/check-function-length.mjs          check (npm run lint)
 *   node scripts/check-function-length.mjs --prune  drop entries that no longer offend (never adds)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const baselineFile = path.join(root, 'scripts/function-length-baseline.json');
const RULE = 'lint/complexity/noExcessiveLinesPerFunction';
const SOURCE_DIRS = [
  'apps/server/src',
  'apps/web/src',
  'packages/shared/src',
  'packages/ledger/src',
  'packages/snap-client/src',
];
const isTest = (file) => /\.test\.tsx?$/.test(file);
const biomeConfig = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
const maxLines = biomeConfig.linter.rules.complexity.noExcessiveLinesPerFunction.options.maxLines;

function biomeDiagnostics() {
  const biome = path.join(root, 'node_modules/.bin/biome');
  const args = ['lint', `--only=${RULE.replace('lint/', '')}`, '--max-diagnostics=none'];
  // The JSON reporter is experimental in Biome 2; the fields read here are its stable core.
  const out = execFileSync(biome, [...args, '--reporter=json', ...SOURCE_DIRS], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out).diagnostics.filter((d) => d.category === RULE);
}

/** The name a reader finds the function by, from the text where Biome says it starts. */
function functionName(lines, start) {
  const line = lines[start.line - 1] ?? '';
  const at = line.slice(start.column - 1);
  const before = line.slice(0, start.column - 1);
  const declared = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([\w$]+)/.exec(at);
  if (declared) return declared[1];
  if (/^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\b/.test(at)) return '<default>';
  const assigned = /([\w$]+)\s*(?::\s*[^=]+)?[:=]\s*(?:async\s*)?$/.exec(before);
  if (assigned) return assigned[1];
  const method = /^(?:(?:public|private|protected|static|async|get|set)\s+)*([\w$]+)\s*[(<]/.exec(
    at,
  );
  if (method && !/^(?:async|function)$/.test(method[1])) return method[1];
  const call = /([\w$]+)\s*\(\s*(?:(?:'[^']*'|"[^"]*"|`[^`]*`|[\w$.]+)\s*,\s*)*(?:async\s*)?$/.exec(
    before,
  );
  return call ? `<callback of ${call[1]}>` : `<anonymous line ${start.line}>`;
}

function offenders() {
  const texts = new Map();
  const found = [];
  for (const diagnostic of biomeDiagnostics()) {
    const file = diagnostic.location.path;
    if (isTest(file)) continue;
    if (!texts.has(file)) texts.set(file, readFileSync(path.join(root, file), 'utf8').split('\n'));
    const lines = Number(/too many lines \((\d+)\)/.exec(diagnostic.message)?.[1] ?? 0);
    const start = diagnostic.location.start;
    found.push({ file, name: functionName(texts.get(file), start), line: start.line, lines });
  }
  found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const seen = new Map();
  return found.map(({ file, name, line, lines }) => {
    const key = `${file}|${name}`;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    return { file, function: nth > 1 ? `${name}#${nth}` : name, lines, line };
  });
}

const keyOf = (entry) => `${entry.file} ${entry.function}`;
const current = offenders();
const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
const currentKeys = new Map(current.map((entry) => [keyOf(entry), entry]));
const listed = new Set(baseline.functions.map(keyOf));

const added = current.filter((entry) => !listed.has(keyOf(entry)));
const gone = baseline.functions.filter((entry) => !currentKeys.has(keyOf(entry)));
const grew = baseline.functions.filter(
  (entry) => (currentKeys.get(keyOf(entry))?.lines ?? 0) > entry.lines,
);

if (process.argv.includes('--prune')) {
  const kept = baseline.functions
    .filter((entry) => currentKeys.has(keyOf(entry)))
    .map((entry) => ({
      ...entry,
      lines: Math.min(entry.lines, currentKeys.get(keyOf(entry)).lines),
    }));
  writeFileSync(baselineFile, `${JSON.stringify({ ...baseline, functions: kept }, null, 2)}\n`);
  console.log(`function length: baseline pruned to ${kept.length} (removed ${gone.length})`);
  process.exit(0);
}

const count = (prefix) => current.filter((entry) => entry.file.startsWith(prefix)).length;
console.log(
  `function length: ${current.length} functions over ${maxLines} lines ` +
    `(server ${count('apps/server/')}, web ${count('apps/web/')}, packages ${count('packages/')}); ` +
    `baseline ${baseline.functions.length}`,
);
for (const entry of grew) {
  const now = currentKeys.get(keyOf(entry)).lines;
  console.warn(
    `  grew: ${entry.file}:${currentKeys.get(keyOf(entry)).line} ${entry.function} (${entry.lines} → ${now} lines)`,
  );
}
const problems = [
  ...added.map(
    (e) =>
      `${e.file}:${e.line} ${e.function} has ${e.lines} lines (limit ${maxLines}): split it by phase`,
  ),
  ...gone.map(
    (e) =>
      `${e.file} ${e.function} is no longer over the limit (or was renamed): remove it from the baseline (--prune)`,
  ),
];
if (problems.length > 0) {
  console.error(`Function length check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
