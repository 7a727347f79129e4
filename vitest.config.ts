import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * `@gerbang/source`: a workspace package that is also published (packages/snap-client) exports its
 * TypeScript source under this condition, so tests run it without a build (tsconfig.json's
 * customConditions says the same to tsc, `tsx --conditions=@gerbang/source` to the benches).
 */
const SOURCE_CONDITION = '@gerbang/source';
const resolveSource = {
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
};

/**
 * Three projects: unit (pure code), api (the server through Fastify inject on a fresh database per
 * file, PGlite always and PostgreSQL when DATABASE_URL is set) and e2e (real Chromium against the
 * real server). `npm test` runs all three through scripts/test.mjs.
 */
export default defineConfig({
  test: {
    projects: [
      {
        ...resolveSource,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'packages/*/test/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...resolveSource,
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: PGlite start-up is CPU-bound, more workers only thrash.
          maxWorkers: 2,
        },
      },
      {
        ...resolveSource,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
