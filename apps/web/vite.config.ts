import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { compressDir } from '../../scripts/compress-dist.mjs';
import { pagePreloadsPlugin } from '../../scripts/page-preloads.mjs';
import { stripCallSchemasPlugin } from '../../scripts/strip-call-schemas.mjs';

const PAY_ENTRY = fileURLToPath(new URL('./src/pay-main.tsx', import.meta.url));
const SHELL_ENTRY = fileURLToPath(new URL('./src/app/ProtectedApp.tsx', import.meta.url));
const closures = new Map<string, Set<string>>();

/**
 * Every module `entry` imports, directly or not, following only the imports `follow` accepts
 * (static imports: a superset of what it runs). Cached per entry and `name` of the rule.
 */
function closureOf(
  entry: string,
  ctx: ChunkingContext,
  name = 'all',
  follow: (id: string) => boolean = () => true,
): Set<string> {
  const key = `${name}:${entry}`;
  const known = closures.get(key);
  if (known) return known;
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []).filter(follow));
  }
  closures.set(key, seen);
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

const WEB_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const ICON = /node_modules[\\/]@tabler[\\/]icons-react[\\/].*[\\/]icons[\\/]/;
/** The shared contract's call lists (`contract/<area>-calls.ts`): paths and methods, no zod here. */
const CALLS = /[\\/]packages[\\/]shared[\\/]src[\\/]contract[\\/][a-z-]+-calls\.ts$/;
const inShellGroup = (id: string) => WEB_SOURCE.test(id) || CALLS.test(id);
/**
 * The back office's shell (`shell`): the web app's modules the protected shell imports that the
 * first-render chunk does not (the layout, menu, balance, page guard, the call lists they use).
 * Every page behind the login loads it: one request instead of some thirty small ones found in
 * the same wave. What the payment page may import stays apart; so does the modal stack
 * (lib/modals-host.tsx), loaded beside the shell but never waited for.
 */
function shellChunk(id: string, ctx: ChunkingContext): string | null {
  if (closureOf(PAY_ENTRY, ctx).has(id)) return null;
  // The web app's own modules and the call lists they use; libraries are not followed: a barrel
  // such as `@mantine/core` names every component, and only tree-shaking knows which ones run.
  return closureOf(SHELL_ENTRY, ctx, 'source', inShellGroup).has(id) ? 'shell' : null;
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
  // page-preloads.json: what each back-office address loads after the entry (the server names it
  // in the document, scripts/page-preloads.mjs).
  plugins: [
    react(),
    stripCallSchemasPlugin(),
    pagePreloadsPlugin({
      routesModule: fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url)),
      alwaysModules: [
        SHELL_ENTRY,
        fileURLToPath(new URL('./src/lib/styles-full.ts', import.meta.url)),
      ],
      languageModules: {
        id: fileURLToPath(new URL('./src/lib/catalogs/id-rest.ts', import.meta.url)),
        en: fileURLToPath(new URL('./src/lib/catalogs/en-rest.ts', import.meta.url)),
      },
    }),
    precompress(),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Every browser the app supports knows modulepreload: no polyfill (one request less).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Building a zod schema has no side effect, nor has the shared field helpers' (input-rules):
      // a contract module's schemas a page does not use are dropped with the module's other unused
      // exports, and zod with them.
      treeshake: { manualPureFunctions: ['z', 'dateField', 'int4Field'] },
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
              // zod (its own chunk) and floating-ui (in `ui`) stay out: the login page runs neither. The
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
            // The shell behind the login (shellChunk).
            {
              name: shellChunk,
              test: inShellGroup,
              includeDependenciesRecursively: false,
              priority: 15,
            },
            // Every icon in one chunk (~300 bytes each): one request, not one per icon and page set.
            {
              name: 'icons',
              test: ICON,
              includeDependenciesRecursively: false,
              priority: 16,
            },
            // Form libraries (react-hook-form, number inputs) apart from `ui`: the pages with a form
            // load them, the dashboard and the data pages do not.
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform|react-number-format|@mantine[\\/]core[\\/]esm[\\/]components[\\/](NumberInput|NumberFormatter))[\\/]/,
              includeDependenciesRecursively: false,
              priority: 11,
            },
            // The libraries' modules that many pages share (Mantine's components, tables, dates, and
            // floating-ui, which positions the shell's menu and every Select and Popover) in one
            // chunk, not one small chunk per combination of pages that use them.
            {
              name: 'ui',
              test: /node_modules[\\/](@mantine|@tabler|@tanstack|dayjs|@floating-ui)[\\/]/,
              minShareCount: 6,
              includeDependenciesRecursively: false,
              priority: 10,
            },
            // Mantine's components that a few pages share (the shell's Menu, Collapse, scroll lock…):
            // one chunk, not one small chunk each in the wave after the first render.
            {
              name: 'ui-parts',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|react-remove-scroll)[\\/]/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 9,
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
