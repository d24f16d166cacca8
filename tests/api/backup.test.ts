/**
 * `npm run db:backup` / `npm run db:restore` round-trip the demo data: the same row counts come back.
 * On the embedded database (TEST_DB=pglite) and on PostgreSQL (TEST_DB=pg, pg_dump/pg_restore).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TABLES = ['users', 'leads', 'webinars', 'webinar_registrations', 'activities'];
const usePg = process.env.TEST_DB === 'pg';
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function run(script: string, args: string[], env: Record<string, string>): string {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`${script} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function freshPgDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `innercircle_backup_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'innercircle-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function rowCounts(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Record<string, number>> {
  const knex = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await knex(table).count<{ count: string | number }[]>({ count: '*' });
      counts[table] = Number(row[0]!.count);
    }
    return counts;
  } finally {
    await knex.destroy();
  }
}

describe('backup and restore', () => {
  it('restores the demo data with the same row counts', async () => {
    const source = { DATA_DIR: freshDataDir(), ...(usePg ? { DATABASE_URL: await freshPgDatabase() } : {}) };
    run('api/cli/migrate.ts', ['latest'], source);
    run('api/cli/seed-demo.ts', [], source);
    const before = await rowCounts(source);
    expect(before.leads).toBeGreaterThanOrEqual(150);
    expect(before.webinars).toBeGreaterThanOrEqual(6);
    expect(before.activities).toBeGreaterThan(0);

    const file = path.join(freshDataDir(), 'sauvegarde.dump');
    expect(run('api/cli/db-backup.ts', [file], source)).toContain('Sauvegarde écrite');

    const target = { DATA_DIR: freshDataDir(), ...(usePg ? { DATABASE_URL: await freshPgDatabase() } : {}) };
    expect(run('api/cli/db-restore.ts', [file], target)).toContain('Base restaurée');
    expect(await rowCounts(target)).toEqual(before);
  }, 180_000); // four CLI processes on a possibly busy 2-core machine
});
