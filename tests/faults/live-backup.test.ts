/**
 * Issue 17: `npm run db:backup` while `npm start` runs on the embedded database. The CLI cannot open the
 * data directory the server holds; it asks the server through its owner-only socket (decision 023), during
 * a load of submissions. The dump restores into a fresh data directory with every lead whose 201 came
 * before the command started; `db:restore` refuses while the server runs; a second server on the same
 * data directory refuses to start. (PostgreSQL's `db:backup` is pg_dump, which never needed the server
 * stopped: tests/api/backup.test.ts, tests/api/scheduled-backup.test.ts.) The server starts although a
 * stale socket file of a killed server is there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingAfterRestore, startSubmissionLoad } from '../support/backup-load.ts';
import { ROOT, removeDataDir, startProductionServer, type ProductionServer } from '../e2e/server.ts';

let server: ProductionServer;
const dirs: string[] = [];

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'innercircle-live-'));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  // A socket file left by a server killed with kill -9 (nobody listens on it) must not stop the next start.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'innercircle-live-server-'));
  writeFileSync(path.join(dataDir, 'server.sock'), '');
  server = await startProductionServer({ BACKUP_SCHEDULE: 'off' }, dataDir);
});

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function cli(script: string, args: string[], dataDir: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run db:backup while npm start runs (embedded database)', () => {
  it('is taken by the running server during a load and restores every lead answered 201 before it started', async () => {
    const load = startSubmissionLoad(async (body) => {
      const response = await fetch(`${server.url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    }, 'direct');
    const { accepted, refused } = load;
    while (accepted.length < 20 && refused.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));

    const file = path.join(freshDir(), 'pendant-la-charge.dump');
    const started = Date.now();
    const backup = await cli('api/cli/db-backup.ts', [file], server.dataDir);
    await load.stop();
    expect(refused).toEqual([]);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('la sauvegarde a été prise par le serveur');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const before = load.acceptedBefore(started);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(accepted.length).toBeGreaterThan(before.length); // submissions went on while the dump was taken

    // The server still serves, and its data directory was not touched by the command.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const target = freshDir();
    const restore = await cli('api/cli/db-restore.ts', [file], target);
    expect(restore.status, restore.stderr).toBe(0);
    expect(await missingAfterRestore({ dataDir: target }, 'direct', before)).toEqual([]);
  }, 180_000);

  it('refuses db:restore into the data directory of the running server, and a second server on it', async () => {
    const file = path.join(freshDir(), 'une-sauvegarde.dump');
    expect((await cli('api/cli/db-backup.ts', [file], server.dataDir)).status).toBe(0);
    const restore = await cli('api/cli/db-restore.ts', [file], server.dataDir);
    expect(restore.status).toBe(2);
    expect(restore.stderr.trim()).toBe('Restauration refusée : le serveur (npm start) utilise cette base embarquée. Arrêtez-le, puis relancez la restauration. Rien n’a été modifié.');

    const second = spawnSync(process.execPath, ['api/start.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: server.dataDir, LOG_LEVEL: 'silent', SITE_DIST_DIR: path.join(ROOT, 'dist') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr.trim()).toBe(`Un autre serveur utilise déjà la base embarquée de ${server.dataDir} : arrêtez-le d’abord (deux processus l’abîmeraient).`);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 120_000);
});
