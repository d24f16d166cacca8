/**
 * `test` for browser journeys (decision 100). `baseURL` points at `server`, a production server
 * (`npm start`) started from a copy of the migrated template:
 * - in the `chromium` project, one server per worker, shared by every file the worker runs: tests
 *   keep to their own data (unique emails and titles, lists filtered by them);
 * - in the `empty-database` project (`emptyDatabase`), one server per test, for the journeys that
 *   need a database nobody else has touched (the first administrator, counters of a whole database).
 * Use `page.goto('/...')`, and `request` for API calls.
 */
import { test as base, expect } from '@playwright/test';
import { copyOfTemplate, startProductionServer, removeDataDir, type ProductionServer } from './server.ts';

async function startFromTemplate(): Promise<ProductionServer> {
  const dataDir = copyOfTemplate();
  try {
    return await startProductionServer({}, dataDir);
  } catch (error) {
    removeDataDir(dataDir);
    throw error;
  }
}

async function stopAndRemove(server: ProductionServer): Promise<void> {
  await server.stop();
  removeDataDir(server.dataDir);
}

export interface WorkerFixtures {
  /** Set by the project: each test gets a server of its own on an untouched database. */
  emptyDatabase: boolean;
  /** The worker's shared server, started on first use (a worker may run only tests with their own). */
  workerServer: () => Promise<ProductionServer>;
}

export const test = base.extend<{ server: ProductionServer }, WorkerFixtures>({
  emptyDatabase: [false, { scope: 'worker', option: true }],
  workerServer: [
    async ({}, use) => {
      let started: Promise<ProductionServer> | undefined;
      await use(() => (started ??= startFromTemplate()));
      if (started) await stopAndRemove(await started);
    },
    { scope: 'worker' },
  ],
  // Its own timeout: starting a server takes half a minute on a loaded machine, and is not the test's time.
  server: [
    async ({ emptyDatabase, workerServer }, use) => {
      if (!emptyDatabase) return use(await workerServer());
      const server = await startFromTemplate();
      await use(server);
      await stopAndRemove(server);
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };
