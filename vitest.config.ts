import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/support/longest-first-sequencer.ts';

/**
 * Three projects: unit tests; API tests on the embedded PGlite database; the very same API tests
 * on a real PostgreSQL server, only when TEST_DATABASE_URL is set (CI sets it).
 */
const apiTests = { include: ['tests/api/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000, isolate: false };

export default defineConfig({
  test: {
    maxWorkers: 3,
    // On a fresh clone (no timings yet) the fault suite's longest files start first (decision 157).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // Each API project migrates one template database per run; every file starts from a copy (decision 094).
      { test: { name: 'api-pglite', ...apiTests, env: { TEST_DB: 'pglite' }, globalSetup: ['tests/api/global-setup-pglite.ts'] } },
      ...(process.env.TEST_DATABASE_URL ? [{ test: { name: 'api-pg', ...apiTests, env: { TEST_DB: 'pg' }, globalSetup: ['tests/api/global-setup-pg.ts'] } }] : []),
      // Load and fault-injection runs on PostgreSQL: `npm run test:faults` (also run by .ci/run). Files run
      // beside each other: each has its own servers, ports, data folders, databases and clusters, and most
      // of a file's time is waiting on them. Tests and hooks start production servers: 240 s each, the
      // browser tests' budget for a server's start on a loaded machine (docs/decisions/141-ci-under-fifteen-minutes.md, 124).
      ...(process.env.TEST_DATABASE_URL && process.env.RUN_FAULTS
        ? [{ test: { name: 'faults', include: ['tests/faults/**/*.test.ts'], testTimeout: 240_000, hookTimeout: 240_000, env: { TEST_DB: 'pg' } } }]
        : []),
    ],
  },
});
