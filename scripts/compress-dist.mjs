#!/usr/bin/env node
/**
 * Precompresses a built web app: writes `<file>.br` (brotli, quality 11) and
 * `<file>.gz` (gzip, level 9) next to every text asset (JS, CSS, HTML, SVG, JSON, maps), so the
 * server sends the compressed file the browser accepts without compressing per request. A
 * variant that is not smaller than the file is not written. The Vite build calls it after writing
 * the bundle (apps/web/vite.config.ts); by hand: `node scripts/compress-dist.mjs apps/web/dist`.
 */
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|map|txt|xml|webmanifest|wasm)$/i;
/** Below this a compressed answer saves less than its own headers cost. */
const MIN_BYTES = 512;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses every compressible file under `dir`; returns the counts and byte totals. */
export async function compressDir(dir) {
  const targets = [];
  for await (const file of files(dir)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) {
      // Left from an earlier build into the same dir whose source is gone: drop it.
      const source = file.slice(0, -3);
      if (!(await stat(source).catch(() => null))) await unlink(file);
      continue;
    }
    if (COMPRESSIBLE.test(file)) targets.push(file);
  }
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  await Promise.all(
    targets.map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(raw, { level: 9 }),
      ]);
      totals.files += 1;
      totals.raw += raw.length;
      if (br.length < raw.length) {
        await writeFile(`${file}.br`, br);
        totals.br += br.length;
      }
      if (gzipped.length < raw.length) {
        await writeFile(`${file}.gz`, gzipped);
        totals.gz += gzipped.length;
      }
    }),
  );
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dir = path.resolve(process.argv[2] ?? 'apps/web/dist');
  const t = await compressDir(dir);
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(
    `compressed ${t.files} files in ${dir}: ${kib(t.raw)} → brotli ${kib(t.br)}, gzip ${kib(t.gz)}`,
  );
}
