#!/usr/bin/env node
/**
 * Structure figures for the tree this script runs in (issue "one payout pipeline"): long
 * functions, duplicated code, layer breaches in the import graph, and how the web calls the API.
 * Run `node scripts/measure-structure.mjs` (add `--list` to print every finding, not only counts).
 * Source files only: tests (`*.test.ts(x)`, `test/` folders), dist and node_modules are left out,
 * so that the figures speak of the code that runs.
 *
 * - Functions over 70 lines: Biome's `noExcessiveLinesPerFunction` (its own line count of the
 *   body, which skips blank and comment lines), and also the plain span from the first to the
 *   last line, which is what a reader scrolls through.
 * - Duplicate pairs: the machine's `duplicates` command over `apps/`.
 * - Imports: specifiers read with a regular expression (our code has no computed paths), resolved
 *   to files; cycles are strongly connected components of more than one file.
 * - Web calls: `api.get(`, `api.post(`, `client.call(` and raw `fetch(` to /api; a literal API path
 *   is a string in apps/web that starts with '/' and matches a server route (`url:` in the server,
 *   any '/…' string in the shared contract).
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const list = process.argv.includes('--list');
const MAX_LINES = 70;

const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const isTest = (file) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)(test|tests|__tests__)\//.test(rel(file));

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') && !isTest(full)) yield full;
  }
}

const serverSrc = path.join(root, 'apps/server/src');
const webSrc = path.join(root, 'apps/web/src');
const serverFiles = [...sourceFiles(serverSrc)];
const webFiles = [...sourceFiles(webSrc)];
const texts = new Map([...serverFiles, ...webFiles].map((f) => [f, readFileSync(f, 'utf8')]));

/**
 * Splits source text into code with comments blanked out, and the string literals it holds
 * (template literals with each `${…}` replaced by \0). Regex literals are not recognised, which is
 * harmless for counting calls and paths.
 */
function scan(text) {
  let code = '';
  const strings = [];
  let i = 0;
  const braceStack = []; // inside `${`: brace depth at which the template resumes
  let depth = 0;
  const readTemplate = () => {
    // at the char after '`' (or after the '}' closing an interpolation)
    let value = '';
    while (i < text.length) {
      const c = text[i];
      if (c === '\\') {
        value += text.slice(i, i + 2);
        code += text.slice(i, i + 2);
        i += 2;
      } else if (c === '`') {
        code += c;
        i++;
        return { value, done: true };
      } else if (c === '$' && text[i + 1] === '{') {
        code += '${';
        i += 2;
        return { value: `${value}\0`, done: false };
      } else {
        value += c;
        code += c;
        i++;
      }
    }
    return { value, done: true };
  };
  let pendingTemplate = null; // value collected so far of the template we are inside
  const templates = [];
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      code += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== c && text[j] !== '\n') {
        if (text[j] === '\\') {
          value += text.slice(j, j + 2);
          j += 2;
        } else value += text[j++];
      }
      strings.push({ value, start: code.length });
      code += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '`') {
      const start = code.length;
      code += c;
      i++;
      const part = readTemplate();
      if (part.done) strings.push({ value: part.value, start });
      else {
        templates.push(pendingTemplate);
        pendingTemplate = { value: part.value, start };
        braceStack.push(depth);
      }
    } else if (c === '{') {
      depth++;
      code += c;
      i++;
    } else if (c === '}') {
      if (braceStack.length && braceStack[braceStack.length - 1] === depth) {
        braceStack.pop();
        code += c;
        i++;
        const part = readTemplate();
        const value = { ...pendingTemplate, value: pendingTemplate.value + part.value };
        if (part.done) {
          strings.push(value);
          pendingTemplate = templates.pop();
        } else {
          pendingTemplate = value;
          braceStack.push(depth);
        }
      } else {
        depth--;
        code += c;
        i++;
      }
    } else {
      code += c;
      i++;
    }
  }
  return { code, strings };
}

// ---------------------------------------------------------------- functions over 70 lines
function longFunctions() {
  const dir = mkdtempSync(path.join(tmpdir(), 'measure-'));
  writeFileSync(
    path.join(dir, 'biome.json'),
    JSON.stringify({
      vcs: { enabled: false },
      files: { includes: ['**', '!**/dist', '!**/node_modules'] },
      linter: {
        enabled: true,
        rules: {
          recommended: false,
          complexity: {
            // maxLines 1 reports every function with its Biome count, so both measures come
            // from one run.
            noExcessiveLinesPerFunction: { level: 'error', options: { maxLines: 1 } },
          },
        },
      },
    }),
  );
  let out;
  try {
    out = execFileSync(
      'npx',
      [
        'biome',
        'lint',
        `--config-path=${dir}`,
        '--only=complexity/noExcessiveLinesPerFunction',
        '--reporter=json',
        '--max-diagnostics=none',
        'apps/server/src',
        'apps/web/src',
      ],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
  } catch (error) {
    out = error.stdout; // Biome exits non-zero when it reports
  }
  const report = JSON.parse(out);
  const found = [];
  for (const d of report.diagnostics) {
    const file = d.location.path;
    if (isTest(path.join(root, file))) continue;
    const biomeLines = Number(/\((\d+)\)/.exec(d.message)?.[1] ?? 0);
    const span = d.location.end.line - d.location.start.line + 1;
    const side = file.startsWith('apps/server/') ? 'server' : 'web';
    found.push({ file, line: d.location.start.line, biomeLines, span, side });
  }
  const count = (side, key) => found.filter((f) => f.side === side && f[key] > MAX_LINES).length;
  const longest = (side) =>
    found.filter((f) => f.side === side).reduce((max, f) => Math.max(max, f.span), 0);
  return {
    found,
    biome: { server: count('server', 'biomeLines'), web: count('web', 'biomeLines') },
    span: { server: count('server', 'span'), web: count('web', 'span') },
    longest: { server: longest('server'), web: longest('web') },
  };
}

// ---------------------------------------------------------------- duplicates
function duplicatePairs() {
  let out = '';
  try {
    out = execFileSync('duplicates', ['--repo', 'apps', '--most', '200', '--seconds', '300'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    return { line: `duplicates failed: ${error.message}`, pairs: null, boilerplate: null };
  }
  const lines = out.split('\n');
  const head = lines.find((l) => /pair|no duplicates/.test(l)) ?? lines[0];
  const pairs = /no duplicates/.test(head) ? 0 : Number(/(\d+)\s+pairs?/.exec(head)?.[1] ?? NaN);
  const rows = lines.filter((l) => /^D\d+ /.test(l));
  const boilerplate = Number(/(\d+) of those marked boilerplate/.exec(head)?.[1] ?? NaN);
  const notes = lines.filter((l) => /^(incomplete|left out):/.test(l));
  return { line: head.trim(), pairs, boilerplate, notes, rows };
}

// ---------------------------------------------------------------- import graph
const importPattern =
  /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec.replace(/\.(m?js|jsx)$/, ''));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (texts.has(candidate)) return candidate;
  }
  return null;
}

function importGraph() {
  const edges = new Map(); // file → [{ target, typeOnly, dynamic }]
  for (const [file, text] of texts) {
    const { code } = scan(text);
    const list = [];
    for (const m of code.matchAll(importPattern)) {
      const spec = m[3] ?? m[4];
      const target = resolveImport(file, spec);
      if (!target) continue;
      list.push({ target, spec, typeOnly: Boolean(m[2]), dynamic: Boolean(m[4]) });
    }
    edges.set(file, list);
  }
  return edges;
}

function stronglyConnected(files, next) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (v) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const f of files) if (!indexOf.has(f)) visit(f);
  return components.filter((c) => c.length > 1);
}

function layerFigures(edges) {
  const httpDir = `${path.join(serverSrc, 'http')}${path.sep}`;
  const modulesDir = `${path.join(serverSrc, 'modules')}${path.sep}`;
  const httpToModules = [];
  const modulePairs = new Map(); // 'a→b' → [file → target]
  for (const [file, list] of edges) {
    for (const e of list) {
      if (file.startsWith(httpDir) && e.target.startsWith(modulesDir))
        httpToModules.push(`${rel(file)} → ${rel(e.target)}`);
      if (file.startsWith(modulesDir) && e.target.startsWith(modulesDir)) {
        const from = rel(file).split('/')[4];
        const to = rel(e.target).split('/')[4];
        if (from !== to) {
          const key = `${from}→${to}`;
          if (!modulePairs.has(key)) modulePairs.set(key, []);
          modulePairs.get(key).push(`${rel(file)} → ${rel(e.target)}`);
        }
      }
    }
  }
  const mutual = [];
  for (const key of modulePairs.keys()) {
    const [a, b] = key.split('→');
    if (a < b && modulePairs.has(`${b}→${a}`)) mutual.push(`${a} ↔ ${b}`);
  }
  const files = [...edges.keys()];
  const allCycles = stronglyConnected(files, (f) => edges.get(f).map((e) => e.target));
  const runtimeCycles = stronglyConnected(files, (f) =>
    edges
      .get(f)
      .filter((e) => !e.typeOnly && !e.dynamic)
      .map((e) => e.target),
  );
  return { httpToModules, mutual, modulePairs, allCycles, runtimeCycles };
}

// ---------------------------------------------------------------- web calls and literal paths
function routePaths() {
  const paths = new Set();
  for (const file of serverFiles) {
    const { code } = scan(texts.get(file));
    for (const m of code.matchAll(/\burl:\s*(['"`])(\/[^'"`]*)\1/g)) paths.add(m[2]);
  }
  for (const file of sourceFiles(path.join(root, 'packages/shared/src/contract'))) {
    for (const { value: s } of scan(readFileSync(file, 'utf8')).strings)
      if (/^\/[A-Za-z0-9_\-/:.{}]+$/.test(s) && s.length > 1) paths.add(s);
  }
  return [...paths];
}

const segments = (p) => p.split('/').filter(Boolean);
function matchesRoute(literal, routes) {
  let p = literal.split(/[?#]/)[0];
  if (p === '/api' || p.startsWith('/api/')) p = p.slice(4);
  const mine = segments(p).map((s) => (s.includes('\0') ? ':' : s));
  // A path made only of interpolations says nothing about which route it is.
  if (!mine.some((s) => s !== ':')) return false;
  return routes.some((route) => {
    const theirs = segments(route);
    return (
      theirs.length === mine.length &&
      theirs.every(
        (s, k) => s === mine[k] || s.startsWith(':') || s.startsWith('{') || mine[k] === ':',
      )
    );
  });
}

const navigationContext =
  /(navigate\(|href=\{?|to=\{?|path=\{?|\bhref:|\bto:|\bpath:|redirect\(|Navigate\s+to=\{?)\s*$/;

function webCalls() {
  const routes = routePaths();
  const calls = { apiGet: 0, apiPost: 0, clientCall: 0, rawFetchApi: 0, literalPathArgument: 0 };
  const apiLiterals = [];
  const routeLiterals = [];
  const pageLiterals = [];
  for (const file of webFiles) {
    const { code, strings } = scan(texts.get(file));
    calls.apiGet += (code.match(/\bapi\.get\s*(<[^>(]*>)?\(/g) ?? []).length;
    calls.apiPost += (code.match(/\bapi\.post\s*(<[^>(]*>)?\(/g) ?? []).length;
    calls.clientCall += (code.match(/\bclient\.call\s*(<[^>(]*>)?\(/g) ?? []).length;
    calls.rawFetchApi += (code.match(/(?<![.\w])fetch\(\s*[`'"]\/api/g) ?? []).length;
    calls.literalPathArgument += (
      code.match(/\b(api\.(get|post)|fetch)\s*(<[^>(]*>)?\(\s*[`'"]\//g) ?? []
    ).length;
    for (const { value: s, start } of strings) {
      const shown = `${rel(file)}: ${s.replaceAll('\0', '{…}')}`;
      if (s === '/api' || s.startsWith('/api/') || s.startsWith('/api\0')) apiLiterals.push(shown);
      if (!s.startsWith('/') || !matchesRoute(s, routes)) continue;
      // Page links share many paths with the API (/auth/login, /data/:path): a string handed to
      // the router or an anchor is a page, not a call (unless it names /api: a document link).
      if (
        !s.startsWith('/api') &&
        navigationContext.test(code.slice(Math.max(0, start - 40), start))
      )
        pageLiterals.push(shown);
      else routeLiterals.push(shown);
    }
  }
  const total = calls.apiGet + calls.apiPost + calls.clientCall + calls.rawFetchApi;
  return { routes, calls, total, apiLiterals, routeLiterals, pageLiterals };
}

// ---------------------------------------------------------------- report
const fn = longFunctions();
const dup = duplicatePairs();
const layers = layerFigures(importGraph());
const web = webCalls();

const show = (items) => {
  if (list) for (const item of items) console.log(`    ${item}`);
};

console.log(
  `Structure figures (${serverFiles.length} server + ${webFiles.length} web source files, tests left out)`,
);
console.log(
  `functions over ${MAX_LINES} lines (Biome count): server ${fn.biome.server}, web ${fn.biome.web}, total ${fn.biome.server + fn.biome.web}`,
);
console.log(
  `functions over ${MAX_LINES} lines (first to last line): server ${fn.span.server}, web ${fn.span.web}, total ${fn.span.server + fn.span.web}; longest server ${fn.longest.server}, web ${fn.longest.web}`,
);
show(
  fn.found
    .filter((f) => f.span > MAX_LINES)
    .sort((a, b) => b.span - a.span)
    .map((f) => `${f.file}:${f.line} span ${f.span}, Biome ${f.biomeLines}`),
);
console.log(
  `duplicate pairs in apps/: ${dup.pairs} (${dup.boilerplate} boilerplate) — ${dup.line}`,
);
for (const note of dup.notes ?? []) console.log(`    ${note}`);
console.log(`http → modules imports: ${layers.httpToModules.length}`);
show(layers.httpToModules);
console.log(`mutual module imports (pairs of modules/ folders): ${layers.mutual.length}`);
show(
  layers.mutual.flatMap((pair) => {
    const [a, b] = pair.split(' ↔ ');
    return [pair, ...layers.modulePairs.get(`${a}→${b}`), ...layers.modulePairs.get(`${b}→${a}`)];
  }),
);
console.log(
  `file import cycles (components > 1 file): ${layers.allCycles.length} (${layers.runtimeCycles.length} at run time: no type-only or dynamic imports)`,
);
show(layers.allCycles.map((c) => c.map(rel).join(' ↔ ')));
console.log(
  `web calls through client.call: ${web.calls.clientCall} of ${web.total} (api.get ${web.calls.apiGet}, api.post ${web.calls.apiPost}, raw fetch to /api ${web.calls.rawFetchApi}); with a literal path argument: ${web.calls.literalPathArgument}`,
);
console.log(
  `literal API paths in apps/web: ${web.routeLiterals.length} strings matching a server route (of ${web.routes.length} known routes; ${web.pageLiterals.length} more are page links), ${web.apiLiterals.length} strings starting with /api`,
);
show([
  ...web.routeLiterals,
  ...web.pageLiterals.map((s) => `page link: ${s}`),
  ...web.apiLiterals.map((s) => `/api: ${s}`),
]);
