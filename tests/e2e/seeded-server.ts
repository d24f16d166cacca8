/**
 * For the journeys whose data no screen or API can make (a call that has already started, visits
 * counted days ago): a copy of the migrated template, filled before its server starts (the server owns
 * its embedded database while it runs), with the administrator (ADMIN) already in it. One server per
 * worker, in place of the shared one.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { openDatabase, type Database } from '../../api/platform/db.ts';
import { hashPassword } from '../../api/platform/lib/passwords.ts';
import { ADMIN } from './fixtures.ts';
import { copyOfTemplate, launchProductionServer, removeDataDir, type ProductionServer } from './server.ts';

/** Hashes as the production servers of these tests are configured to (tests/e2e/server.ts): OWASP's minimum cost. */
export function hashCheaply(password: string): Promise<string> {
  return hashPassword(password, { memory: 19_456, passes: 2, parallelism: 1 });
}

/**
 * `test` whose server starts on a database `seed` filled after the administrator (ADMIN, Camille Rochat)
 * was written into it. Without the worker's administrator session: `signIn` (admin-helpers.ts) goes
 * through the login screen.
 */
export function testOnSeededDatabase(seed: (knex: Database) => Promise<void>) {
  return base.extend<{}, { seededServer: ProductionServer }>({
    seededServer: [
      async ({}, use) => {
        const dataDir = copyOfTemplate();
        const knex = await openDatabase({ databaseUrl: undefined, dataDir });
        try {
          await knex('users').insert({
            username: ADMIN.email,
            email: ADMIN.email,
            password: await hashCheaply(ADMIN.password),
            firstName: 'Camille',
            lastName: 'Rochat',
            role: 'admin',
          });
          await seed(knex);
        } finally {
          await knex.destroy();
        }
        const server = await launchProductionServer({}, dataDir).ready;
        await use(server);
        await server.stop();
        removeDataDir(dataDir);
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ seededServer }, use) => use(seededServer.url),
  });
}

/** A full-page screenshot for a person to look at, saved as `folder`/`name`.png (outside the repository). */
export async function screenshotInto(folder: string, page: Page, name: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}
