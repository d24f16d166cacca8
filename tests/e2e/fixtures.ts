/**
 * `test` for browser journeys: each worker gets its own production server on a fresh database,
 * and `baseURL` points at it. Use `page.goto('/...')`, and `request` for API calls.
 */
import { test as base, expect } from '@playwright/test';
import { startProductionServer, removeDataDir, type ProductionServer } from './server.ts';

export const test = base.extend<{}, { server: ProductionServer }>({
  server: [
    async ({}, use) => {
      const server = await startProductionServer();
      await use(server);
      await server.stop();
      removeDataDir(server.dataDir);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };
