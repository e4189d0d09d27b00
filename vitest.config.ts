import { defineConfig } from 'vitest/config';

/**
 * Tiers are folders (test/surface/tiers.test.ts keeps every test file in one): core and surface
 * (`npm run test:fast`), sweep (slow seeded property sweeps), e2e (real HTTP and MCP), db (real
 * PostgreSQL). `vitest run` runs them all.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
