#!/usr/bin/env node
/**
 * `npm start`: the web app is built when its sources changed (scripts/build-web-if-changed.mjs),
 * the server is bundled when its sources changed (scripts/server-bundle.mjs), and the bundle runs
 * in this process on plain Node — no TypeScript loader compiling hundreds of files, and no npm
 * package resolved file by file, at every start (README "The two commands" has a later start's
 * time). `--force` bundles anyway.
 */
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWebIfChanged } from './build-web-if-changed.mjs';
import { bundleServerIfChanged, SERVER_BUNDLE } from './server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');

const webStatus = buildWebIfChanged();
if (webStatus !== 0) process.exit(webStatus);

const seconds = await bundleServerIfChanged({ force: process.argv.includes('--force') });
if (seconds !== null) console.log(`server: bundled in ${seconds.toFixed(1)} s`);
// Node 22.1+ keeps the compiled code of the bundle and its packages on disk, so a later start
// does not compile them again (Node checks each file's content); Node 20 has no such cache.
module.enableCompileCache?.(path.join(root, 'apps', 'server', 'dist', '.compile-cache'));
// The bundle's own top level starts the server (main.ts) in this process.
await import(pathToFileURL(SERVER_BUNDLE).href);
