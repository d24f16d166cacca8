import { defineConfig } from '@playwright/test';
import type { WorkerFixtures } from './tests/e2e/fixtures.ts';
import { CHROMIUM_FLAGS } from './tests/support/chromium.ts';

/**
 * Browser tests run in the system Chromium (Playwright cannot download browsers here) against the
 * production build served by `npm start`. The global setup builds the site once and migrates a
 * template database; every server starts from a copy of it (decision 100, tests/e2e/fixtures.ts):
 * - `chromium`: one server per worker, shared by all the files that worker runs, the administrator
 *   signed in once per worker; tests keep to their own data;
 * - `empty-database`: the journeys tagged `@empty-database` (the first administrator, screens that
 *   count a whole database) get a server of their own per test.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig<{}, Pick<WorkerFixtures, 'emptyDatabase'>>({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: true,
  // Budgets for a shared two-core CI machine at a load near 10, where a journey's every step takes a few
  // times its quiet duration: a passing run takes no longer for them (docs/decisions/124-server-start-and-e2e-waits-under-load.md).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    locale: 'fr-CH',
    timezoneId: 'Europe/Zurich',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
  },
  projects: [
    { name: 'chromium', grepInvert: /@empty-database/, use: { browserName: 'chromium' } },
    { name: 'empty-database', grep: /@empty-database/, use: { browserName: 'chromium', emptyDatabase: true } },
  ],
});
