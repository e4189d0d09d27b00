import { defineConfig } from 'vitest/config';

/**
 * Tiers are folders (test/surface/tiers.test.ts keeps every test file in one): core and surface
 * (`npm run test:fast`), sweep (slow seeded property sweeps, the full counts of what the fast tier
 * samples, tests that start processes), e2e (real HTTP and MCP), db (real
 * PostgreSQL with pgvector), cluster (service processes behind HAProxy), browser (Chromium).
 * `vitest run` runs them all.
 *
 * The fast tier is pure (no server, no global state: tiers.test.ts checks the first), so its files
 * share one module graph per worker process (`isolate: false`): the city table, the ephemeris and
 * the knowledge base load once per worker instead of once per file, which halves its wall time.
 */
const FAST = ['test/core/**/*.test.ts', 'test/surface/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'fast', include: FAST, isolate: false } },
      // test/e2e/clients/ holds the outside clients' own node_modules (and their test files).
      {
        extends: true,
        test: { name: 'service', include: ['test/**/*.test.ts'], exclude: [...FAST, '**/node_modules/**'] },
      },
    ],
  },
});
