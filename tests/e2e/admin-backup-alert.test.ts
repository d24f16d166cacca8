/**
 * A scheduled backup that fails (decision 023) shows on the dashboard. The server is `npm start` with the
 * schedule every minute and a DATA_DIR whose `backups` is a file, not a folder: the real backup job
 * fails as it would on a full or read-only disk, and an administrator sees it without opening a log.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { copyOfTemplate, startProductionServer, removeDataDir, type ProductionServer } from './server.ts';
import { adminApi, seriousViolations, signIn } from './admin-helpers.ts';

const test = base.extend<{}, { server: ProductionServer }>({
  server: [
    async ({}, use) => {
      const dataDir = copyOfTemplate();
      writeFileSync(path.join(dataDir, 'backups'), 'un fichier là où le dossier des sauvegardes devrait être\n');
      const server = await startProductionServer({ BACKUP_SCHEDULE: '* * * * *' }, dataDir);
      await use(server);
      await server.stop();
      removeDataDir(dataDir);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

test('the dashboard warns when the last scheduled backup failed', async ({ page, request, baseURL }) => {
  // The backup runs every minute (pg-boss cron): the wait below is for its next run.
  test.setTimeout(240_000);
  await adminApi(request, baseURL!);
  await signIn(page);
  const alert = page.getByRole('alert').filter({ hasText: 'La dernière sauvegarde automatique a échoué' });
  await expect(alert).toHaveCount(0);

  // The dashboard reads the backup figures when it opens: reload until the failed run is recorded.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(alert).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 180_000, intervals: [5_000] });
  await expect(alert).toContainText('Aucune sauvegarde automatique n’a encore réussi.');
  await expect(alert).toContainText('événement backup_failed');
  expect(await seriousViolations(page)).toEqual([]);

  // The same failure is in the security log, with its reason.
  const events = await request.get('/api/admin/audit?type=backup_failed');
  expect(events.status()).toBe(200);
  const { events: failures } = (await events.json()) as { events: Array<{ type: string; details: { message?: string } }> };
  expect(failures.length).toBeGreaterThan(0);
  expect(failures[0]!.type).toBe('backup_failed');
  expect(failures[0]!.details.message).toMatch(/backups/);
});
