import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compressDir } from '../../scripts/compress-dist.mjs';
import { stripCallSchemasPlugin } from '../../scripts/strip-call-schemas.mjs';

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
