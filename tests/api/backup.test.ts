/**
 * `npm run db:backup` / `npm run db:restore` round-trip the demo data: the same row counts come back.
 * On the embedded database (TEST_DB=pglite) and on PostgreSQL (TEST_DB=pg, pg_dump/pg_restore).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/platform/db.ts';
import { createScratchDatabase } from '../scratch-database.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TABLES = ['users', 'leads', 'webinars', 'webinar_registrations', 'activities'];
const usePg = process.env.TEST_DB === 'pg';
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function runRaw(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

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
  const database = await createScratchDatabase('backup');
  cleanups.push(database.drop);
  return database.url;
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

  it('writes the backup readable by its owner only (0600), in a folder only its owner can open (0700)', async () => {
    const source = { DATA_DIR: freshDataDir(), ...(usePg ? { DATABASE_URL: await freshPgDatabase() } : {}) };
    run('api/cli/migrate.ts', ['latest'], source);
    // A backups folder left open by an older version is closed again.
    mkdirSync(path.join(source.DATA_DIR, 'backups'), { mode: 0o755 });
    chmodSync(path.join(source.DATA_DIR, 'backups'), 0o755);
    const output = run('api/cli/db-backup.ts', [], source);
    const file = /Sauvegarde écrite : (.+)/.exec(output)![1]!.trim();
    expect(path.dirname(file)).toBe(path.join(source.DATA_DIR, 'backups'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    const chosen = path.join(freshDataDir(), 'nouveau-dossier', 'choisi.dump');
    run('api/cli/db-backup.ts', [chosen], source);
    expect(statSync(chosen).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(chosen)).mode & 0o777).toBe(0o700);
  }, 120_000);

  // PostgreSQL only: PGlite backups involve no password and no child process.
  if (usePg)
    it('gives pg_dump and pg_restore the password through their environment, never on their command line', async () => {
      // Recording wrappers named pg_dump / pg_restore, first on PATH: they write down their arguments
      // (what `ps` shows everyone) and the PGPASSWORD they received, then run the real tool.
      const shims = freshDataDir();
      for (const tool of ['pg_dump', 'pg_restore']) {
        const real = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
        writeFileSync(path.join(shims, tool), `#!/bin/sh\nprintf '%s\\n' "$@" > "${shims}/${tool}.args"\nprintf '%s' "$PGPASSWORD" > "${shims}/${tool}.password"\nexec ${real} "$@"\n`, {
          mode: 0o755,
        });
      }
      const withPassword = (databaseUrl: string) => {
        const url = new URL(databaseUrl);
        url.password = 'Mot-De-Passe-Secret';
        return url.toString();
      };
      const PATH = `${shims}:${process.env.PATH ?? ''}`;
      const source = { DATA_DIR: freshDataDir(), DATABASE_URL: withPassword(await freshPgDatabase()), PATH };
      run('api/cli/migrate.ts', ['latest'], source);
      const file = path.join(freshDataDir(), 'secret.dump');
      run('api/cli/db-backup.ts', [file], source);
      const target = { DATA_DIR: freshDataDir(), DATABASE_URL: withPassword(await freshPgDatabase()), PATH };
      run('api/cli/db-restore.ts', [file], target);

      for (const tool of ['pg_dump', 'pg_restore']) {
        const args = readFileSync(path.join(shims, `${tool}.args`), 'utf8');
        expect(args).toContain('127.0.0.1');
        expect(args).not.toContain('Mot-De-Passe-Secret');
        expect(readFileSync(path.join(shims, `${tool}.password`), 'utf8')).toBe('Mot-De-Passe-Secret');
      }
    }, 120_000);

  it('refuses a file that is not a backup of this product, with a French message, and touches nothing', async () => {
    const target = { DATA_DIR: freshDataDir(), ...(usePg ? { DATABASE_URL: await freshPgDatabase() } : {}) };
    run('api/cli/migrate.ts', ['latest'], target);
    const before = await rowCounts(target);

    // A foreign database's real dump (no table of ours), a text file, and a truncated dump of ours.
    const foreign = path.join(freshDataDir(), 'autre-base.dump');
    if (usePg) {
      const other = await freshPgDatabase();
      const client = new pg.Client({ connectionString: other });
      await client.connect();
      await client.query('create table clients (id int primary key)');
      await client.end();
      expect(spawnSync('pg_dump', ['--format=custom', `--file=${foreign}`, other]).status).toBe(0);
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      const other = new PGlite();
      await other.exec('create table clients (id int primary key)');
      writeFileSync(foreign, Buffer.from(await (await other.dumpDataDir('gzip')).arrayBuffer()));
      await other.close();
    }
    const text = path.join(freshDataDir(), 'notes.dump');
    writeFileSync(text, 'ceci n’est pas une sauvegarde');
    const ours = path.join(freshDataDir(), 'tronquee.dump');
    run('api/cli/db-backup.ts', [ours], target);
    const truncated = path.join(freshDataDir(), 'tronquee-moitie.dump');
    const whole = readFileSync(ours);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

    for (const file of [foreign, text, truncated]) {
      const result = runRaw('api/cli/db-restore.ts', [file], target);
      expect(result.status).toBe(2);
      expect(result.stderr.trim()).toMatch(/^Restauration refusée : .+ n’est pas une sauvegarde d’Inner Circle utilisable ici \(.+\)\. Rien n’a été modifié\.$/);
    }
    expect(runRaw('api/cli/db-restore.ts', [foreign], target).stderr).toContain('il y manque les tables de l’application (audit_events, knex_migrations, leads)');
    expect(readdirSync(target.DATA_DIR).filter((name) => name.includes('before-restore'))).toEqual([]);
    expect(await rowCounts(target)).toEqual(before);
  }, 180_000);
});
