#!/usr/bin/env node
/**
 * Starts the export worker in a process of its own, lean:
 * - the entry (default apps/server/src/jobs/export-worker-main.ts) is bundled with esbuild into
 *   `.tmp/export-worker/` — this repository's TypeScript only, packages stay in node_modules —
 *   and run by plain Node: no TypeScript loader in the process (tsx alone costs ~30 MB at start
 *   and more per module loaded);
 * - with a small young generation (WORKER_NODE_FLAGS): an export makes short-lived row objects
 *   at a steady rate, and V8's default 16 MB semi-spaces let them pile up before each scavenge.
 *
 *   node scripts/export-worker.mjs                (npm run worker:export; DATABASE_URL etc. as for the server)
 *
 * The data bench (bench/data.bench.ts) starts its export child the same way.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * V8 flags of the worker process: 2 MB semi-spaces instead of 16 MB (measured: −50 MB peak), and
 * `gc` for the JavaScript writer's periodic full collection (apps/server/src/modules/exports/collect.ts).
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=2', '--expose-gc'];

/** Bundles `entry` (a path in this repository) into `.tmp/export-worker/<name>.mjs`; returns its path. */
export async function bundleWorker(entry, name = path.basename(entry).replace(/\.ts$/, '')) {
  return bundleEntry(entry, path.join(root, '.tmp', 'export-worker', `${name}.mjs`));
}

/**
 * Bundles `entry` into `outfile` for plain Node: the workspaces' TypeScript in the bundle, npm
 * packages left in node_modules — or, given `packagesLeftOut`, every package in the bundle but
 * those (the server's bundle, scripts/server-bundle.mjs).
 */
export async function bundleEntry(entry, outfile, { packagesLeftOut } = {}) {
  mkdirSync(path.dirname(outfile), { recursive: true });
  await build(entry, { outfile }, packagesLeftOut);
  return outfile;
}

/**
 * What the bundle of `entry` holds: the repository files bundled and the packages it imports
 * (a test keeps the HTTP server, the ledger and mail out of the export worker).
 */
export async function workerInputs(entry) {
  const result = await build(entry, { write: false, outfile: 'worker.mjs', metafile: true });
  const files = Object.keys(result.metafile.inputs).map((file) =>
    path.relative(root, path.resolve(file)),
  );
  const packages = new Set();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) if (imported.external) packages.add(imported.path);
  }
  return { files, packages: [...packages].sort() };
}

async function build(entry, options, packagesLeftOut) {
  const withPackages = packagesLeftOut !== undefined;
  const leftOut = (specifier) =>
    packagesLeftOut.some((name) => specifier === name || specifier.startsWith(`${name}/`));
  const esbuild = await import('esbuild');
  return esbuild.build({
    ...options,
    // Bundled CommonJS packages call `require` (Node built-ins, optional parts): an ES module has
    // none, so the bundle makes one for its own location.
    ...(withPackages && {
      banner: {
        js: "import { createRequire as createBundleRequire } from 'node:module'; const require = createBundleRequire(import.meta.url);",
      },
    }),
    entryPoints: [path.resolve(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'gerbang-lean-worker',
        setup(build) {
          // npm packages stay where they are (node_modules), or all but packagesLeftOut go in;
          // the workspaces' TypeScript is bundled.
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@gerbang/') || args.path.startsWith('node:'))
              return undefined;
            if (withPackages && !leftOut(args.path)) return undefined;
            return { path: args.path, external: true };
          });
          // `import.meta.dirname` keeps meaning the source file's folder (config.ts finds the
          // repository root with it), not the bundle's.
          build.onLoad({ filter: /\.ts$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll(
              'import.meta.dirname',
              JSON.stringify(path.dirname(args.path)),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
}

async function main() {
  const entry = process.argv[2] ?? 'apps/server/src/jobs/export-worker-main.ts';
  const bundle = await bundleWorker(entry);
  const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, bundle], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
