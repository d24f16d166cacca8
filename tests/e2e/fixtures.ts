/**
 * `test` for browser journeys (decision 100). `baseURL` points at `server`, a production server
 * (`npm start`) started from a copy of the migrated template:
 * - in the `chromium` project, one server per worker, shared by every file the worker runs: tests
 *   keep to their own data (unique emails and titles, lists filtered by them);
 * - in the `empty-database` project (`emptyDatabase`), one server per test, for the journeys that
 *   need a database nobody else has touched (the first administrator, counters of a whole database).
 * Use `page.goto('/...')`, and `request` for API calls.
 */
import { writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { copyOfTemplate, launchProductionServer, setupCodeFor, removeDataDir, type LaunchedServer, type ProductionServer } from './server.ts';
import { signInWithSecondFactor } from './second-factor.ts';

export const ADMIN = { email: 'camille.rochat@innercircle.test', password: 'un-mot-de-passe-solide-42' };

/** Creates the administrator once per database (201), or finds it there already (409). */
export async function ensureAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  const response = await request.post('/api/simple-auth/setup-admin', {
    // Production servers ask for the setup code they logged at start (docs/decisions/021-sign-in-hardening.md).
    data: { ...ADMIN, firstName: 'Camille', lastName: 'Rochat', setupCode: setupCodeFor(baseURL) },
    headers: { origin: new URL(baseURL).origin },
  });
  expect([201, 409]).toContain(response.status());
}

/**
 * Creates the administrator if needed and signs the API client in: the password, then the code of the
 * authenticator app it enrols on first sign-in (production requires a second factor; tests/e2e/second-factor.ts).
 */
export async function signInApi(request: APIRequestContext, baseURL: string): Promise<void> {
  await ensureAdmin(request, baseURL);
  await signInWithSecondFactor(request, baseURL, ADMIN);
}

function launchFromTemplate(): LaunchedServer {
  return launchProductionServer({}, copyOfTemplate());
}

/**
 * A spare server starts beside a running test; at full priority its start (seconds of CPU) took the
 * test's share of a loaded two-core machine (docs/decisions/124-server-start-and-e2e-waits-under-load.md).
 * It starts at a low priority instead, and gets its normal one back when a test takes it. Only root may
 * give it back (CI runs as root): elsewhere spares keep the normal priority.
 */
const SPARE_NICENESS = 10;
const canRestorePriority = process.getuid?.() === 0;

function launchSpare(): LaunchedServer {
  const launched = launchFromTemplate();
  if (canRestorePriority && launched.process.pid !== undefined) {
    try {
      setPriority(launched.process.pid, SPARE_NICENESS);
    } catch {
      // Already gone: its failure is reported to the test that takes it.
    }
  }
  return launched;
}

function restorePriority(launched: LaunchedServer): void {
  const pid = launched.process.pid;
  if (!canRestorePriority || pid === undefined) return;
  try {
    if (getPriority(pid) !== getPriority()) setPriority(pid, getPriority());
  } catch {
    // Already gone: `ready` says why.
  }
}

async function startFromTemplate(): Promise<ProductionServer> {
  const launched = launchFromTemplate();
  try {
    return await launched.ready;
  } catch (error) {
    removeDataDir(launched.dataDir);
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
  /**
   * The storage state of the administrator signed in once on the worker's server (created on first use).
   * Declared here rather than in admin-helpers.ts: public and admin files then have the same worker
   * fixtures, so Playwright lets one worker, and its one server, run both.
   */
  workerAdminState: () => Promise<string>;
  /**
   * Servers for the `empty-database` tests, one per test. Each time a test takes one, the next is
   * launched, so that it comes up while the test runs rather than before the next one.
   */
  emptyServers: () => Promise<ProductionServer>;
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
  workerAdminState: [
    async ({ workerServer, playwright }, use) => {
      let state: Promise<string> | undefined;
      await use(
        () =>
          (state ??= (async () => {
            const server = await workerServer();
            const request = await playwright.request.newContext({ baseURL: server.url });
            try {
              await signInApi(request, server.url);
              const file = path.join(server.dataDir, 'administrator-session.json');
              writeFileSync(file, JSON.stringify(await request.storageState()));
              return file;
            } finally {
              await request.dispose();
            }
          })()),
      );
    },
    { scope: 'worker' },
  ],
  emptyServers: [
    async ({}, use) => {
      let spare: LaunchedServer | undefined;
      await use(async () => {
        const next = spare ?? launchFromTemplate();
        restorePriority(next);
        spare = launchSpare();
        // Its failure is reported to the test that takes it, not as an unhandled rejection now.
        spare.ready.catch(() => {});
        try {
          return await next.ready;
        } catch (error) {
          removeDataDir(next.dataDir);
          throw error;
        }
      });
      // The worker is done: the last spare is not wanted, whether it is up yet or not.
      if (spare) {
        const { process: child } = spare;
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await exited;
        }
        removeDataDir(spare.dataDir);
      }
    },
    { scope: 'worker' },
  ],
  // Its own timeout: starting a server takes over a minute at load 25 on two cores, and is not the test's time.
  server: [
    async ({ emptyDatabase, workerServer, emptyServers }, use) => {
      if (!emptyDatabase) return use(await workerServer());
      const server = await emptyServers();
      await use(server);
      await stopAndRemove(server);
    },
    { timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };
