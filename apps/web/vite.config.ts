import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { compressDir } from '../../scripts/compress-dist.mjs';
import { stripCallSchemasPlugin } from '../../scripts/strip-call-schemas.mjs';

const PAY_ENTRY = fileURLToPath(new URL('./src/pay-main.tsx', import.meta.url));
const closures = new Map<string, Set<string>>();

/** Every module `entry` imports, directly or not (static imports; a superset of what it runs). */
function closureOf(entry: string, ctx: ChunkingContext): Set<string> {
  const known = closures.get(entry);
  if (known) return known;
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  closures.set(entry, seen);
  return seen;
}

/**
 * The back office's first-render code in one chunk (`app`): what its entry imports, the login
 * page included, from the web app and its libraries — one request instead of some forty small
 * dependent ones, with the default language's core catalog. Left to the automatic split: what the payment page's entry may import too (it
 * must not load the back office's chunk) and the shared package (its contract modules reach zod,
 * which the login page never runs; the static import graph cannot tell which parts are used).
 */
function initialChunk(id: string, ctx: ChunkingContext): string | null {
  // The shared package's catalogs (JSON) are plain data: the default language's core goes in.
  if (/[\\/]packages[\\/]shared[\\/]/.test(id) && !id.endsWith('.json')) return null;
  return closureOf(PAY_ENTRY, ctx).has(id) ? null : 'app';
}

/** Writes `.br` and `.gz` next to every text asset once the bundle is written. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'gerbang-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await compressDir(outDir);
    },
  };
}

// The API process serves the built app; in `npm run dev` Vite proxies /api to it.
export default defineConfig({
  // The shared contract's calls reach the web without their zod schemas (strip-call-schemas.mjs).
  plugins: [react(), stripCallSchemasPlugin(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Every browser the app supports knows modulepreload: no polyfill (one request less).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Building a zod schema has no side effect: a contract module's schemas a page does not use
      // are dropped with the module's other unused exports, and zod with them.
      treeshake: { manualPureFunctions: ['z'] },
      // Two pages: the back office, and the public payment link `/pay/…` (its own small bundle).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        pay: fileURLToPath(new URL('./pay.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // React in one chunk, shared by the back office and the payment page (three otherwise).
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              includeDependenciesRecursively: false,
              priority: 30,
            },
            // What the back office's entry loads before its first render (initialChunk).
            {
              name: initialChunk,
              // zod and floating-ui keep their own chunks (below): the login page runs neither. The
              // pages' HTML stays each page's own entry, with what Vite adds to each (the module
              // preload polyfill: the payment page must not load `app` for it).
              test: (id) =>
                !/node_modules[\\/](zod|@floating-ui)[\\/]|\.html$|^\0|modulepreload-polyfill/.test(
                  id,
                ),
              includeDependenciesRecursively: false,
              tags: ['$initial'],
              priority: 20,
            },
            // The libraries' modules that many pages share (Mantine's components, icons, tables,
            // forms) in one chunk, not one small chunk per combination of pages that use them.
            {
              name: 'ui',
              test: /node_modules[\\/](@mantine|@tabler|@tanstack|react-hook-form|@hookform|dayjs)[\\/]/,
              minShareCount: 6,
              includeDependenciesRecursively: false,
              priority: 10,
            },
            // Popover, Tooltip, Menu and Select position with floating-ui: one chunk, loaded by the
            // pages that use one, not bundled with the portal every page (and the login) needs.
            {
              name: 'floating-ui',
              test: /node_modules[\\/]@floating-ui[\\/](core|dom|react|react-dom)[\\/]/,
              includeDependenciesRecursively: false,
            },
            // zod in a chunk of its own, loaded only by pages with a form on a shared schema; the
            // zod-free shared rules (domain/, access rules) apart from it, so a page that needs one
            // rule never pulls the schema library in with it.
            {
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'shared-rules',
              test: /packages[\\/]shared[\\/]src[\\/](domain|format)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
