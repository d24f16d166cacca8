/**
 * The scheduled backup (decision 023): (the `backup` job) runs while the app serves submissions, on both
 * engines (TEST_DB=pglite: PGlite's in-process dump; TEST_DB=pg: pg_dump), and restores with
 * `npm run db:restore` into a fresh data directory / database with every lead whose 201 came before
 * the dump began. Old scheduled backups beyond BACKUP_KEEP go; a failure is an audit event and shows
 * on the dashboard's backup figures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_QUEUE, runScheduledBackup } from '../../api/features/operations/backup-job.ts';
import { createLogger } from '../../api/platform/logger.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { createScratchDatabase } from '../scratch-database.ts';
import { missingAfterRestore, startSubmissionLoad } from '../support/backup-load.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const usePg = process.env.TEST_DB === 'pg';
let app: TestApp;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  app = await startTestApp({ BACKUP_KEEP: '2' });
});

afterAll(async () => {
  await app.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'innercircle-restore-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function freshPgDatabase(): Promise<string> {
  const database = await createScratchDatabase('restore');
  cleanups.push(database.drop);
  return database.url;
}

async function auditCount(type: string): Promise<number> {
  const [row] = await app.knex('audit_events').where({ type }).count<{ count: string | number }[]>({ count: '*' });
  return Number(row!.count);
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The UTC time in a scheduled backup's name (`innercircle-auto-<engine>-2026-11-23T02-30-00-000Z.dump`). */
function stampOf(file: string): number {
  const [, date, h, m, s, ms] = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.dump$/.exec(file)!;
  return Date.parse(`${date}T${h}:${m}:${s}.${ms}Z`);
}

const scheduled = () =>
  readdirSync(app.config.backup.folder)
    .filter((name) => name.startsWith('innercircle-auto-'))
    .sort();

describe('scheduled backup', () => {
  it('is scheduled daily at 02:30 Swiss time', async () => {
    const schedules = await app.jobs.queue.getSchedules(BACKUP_QUEUE);
    expect(schedules).toEqual([expect.objectContaining({ name: BACKUP_QUEUE, cron: '30 2 * * *', timezone: 'Europe/Zurich' })]);
  });

  it('taken during a load of submissions, restores every lead whose 201 came before the dump began', async () => {
    const completedBefore = await auditCount('backup_completed');
    const load = startSubmissionLoad((body) => app.client().post('/api/leads', body), 'charge');
    const { accepted, refused } = load;
    await until(async () => accepted.length >= 20 || refused.length > 0, 'the load to start');
    await app.jobs.queue.send(BACKUP_QUEUE, null); // what the cron sends at 02:30
    await until(async () => (await auditCount('backup_completed')) > completedBefore, 'the backup to complete', 120_000);
    await load.stop();
    expect(refused).toEqual([]);

    const file = path.join(app.config.backup.folder, scheduled().at(-1)!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(app.config.backup.folder).mode & 0o777).toBe(0o700);
    const began = stampOf(file);
    const before = load.acceptedBefore(began);
    expect(before.length).toBeGreaterThan(0);
    expect(accepted.length).toBeGreaterThan(before.length); // submissions went on during the dump

    const target = { DATA_DIR: freshDir(), ...(usePg ? { DATABASE_URL: await freshPgDatabase() } : {}) };
    const restore = spawnSync(process.execPath, ['api/cli/db-restore.ts', file], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...target },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(restore.status, restore.stderr).toBe(0);
    expect(await missingAfterRestore({ databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR }, 'charge', before)).toEqual([]);
  }, 240_000);

  it('keeps the BACKUP_KEEP newest scheduled backups and never removes one written by npm run db:backup', async () => {
    const manual = path.join(app.config.backup.folder, 'innercircle-pglite-2020-01-01T00-00-00-000Z.dump');
    writeFileSync(manual, 'sauvegarde manuelle', { mode: 0o600 });
    const logger = createLogger('silent');
    for (let run = 0; run < 3; run++) await runScheduledBackup({ config: app.config, knex: app.knex, logger });
    expect(scheduled()).toHaveLength(2);
    expect(readdirSync(app.config.backup.folder)).toContain(path.basename(manual));
  }, 120_000);

  it('records a failed backup as an audit event and shows it on the dashboard until a backup succeeds', async () => {
    const admin = await app.signIn();
    const folder = app.config.backup.folder;
    const failing = { ...app.config, backup: { ...app.config.backup, folder: path.join(folder, 'pas-un-dossier', 'x') } };
    writeFileSync(path.join(folder, 'pas-un-dossier'), 'un fichier à la place du dossier');
    const logLines: string[] = [];
    const logger = createLogger('debug', { write: (line: string) => void logLines.push(line) });
    await runScheduledBackup({ config: failing, knex: app.knex, logger });

    expect(logLines.map((line) => JSON.parse(line))).toContainEqual(expect.objectContaining({ level: 50, msg: 'backup failed' }));
    const failure = await app.knex('audit_events').where({ type: 'backup_failed' }).orderBy('id', 'desc').first();
    expect(failure.details.message).toMatch(/ENOTDIR|EEXIST/);
    const stats = await admin.get('/api/admin/stats/backups');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      lastSuccessAt: expect.any(String),
      lastFailureAt: expect.any(String),
      lastFailureMessage: expect.any(String),
      failing: true,
    });

    await runScheduledBackup({ config: app.config, knex: app.knex, logger });
    expect((await admin.get('/api/admin/stats/backups')).body.failing).toBe(false);
    expect((await app.client().get('/api/admin/stats/backups')).status).toBe(401);
  }, 120_000);
});
