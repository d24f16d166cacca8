/**
 * A backup taken while the server runs (decisions 023, 125): `npm run db:backup` while `npm start` runs on the embedded database. The CLI cannot open the
 * data directory the server holds; it asks the server through its owner-only socket (decision 023), during
 * a load of submissions. The dump restores into a fresh data directory with every lead whose 201 came
 * before the command started; `db:restore` refuses while the server runs; a second server on the same
 * data directory refuses to start. (PostgreSQL's `db:backup` is pg_dump, which never needed the server
 * stopped: tests/api/backup.test.ts, tests/api/scheduled-backup.test.ts.) The server starts although a
 * stale socket file of a killed server is there.
 * Every other command that touches the embedded database beside the running server (decision 125):
 * `admin:create` is run by the server (the account signs in at once, no restart); `db:migrate`,
 * `db:rollback` and `seed:demo` refuse in French naming the server's pid, exit 2 and change nothing.
 * The other order (decision 159): a command that opened the embedded database first holds it; `npm start`
 * and the other commands refuse, naming its pid, until it ends; a lock left by a killed command is taken over.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingAfterRestore, startSubmissionLoad } from '../support/backup-load.ts';
import { ROOT, removeDataDir, startProductionServer, type ProductionServer } from '../e2e/server.ts';
import { TestClient } from '../api/harness.ts';
import { dataDirLockPath } from '../../api/platform/data-dir-lock.ts';

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

function cli(script: string, args: string[], dataDir: string, input = ''): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    child.stdin.end(input);
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
    expect(restore.stderr.trim()).toBe(
      `Restauration refusée : le serveur (npm start, pid ${server.process.pid}) utilise cette base embarquée. Arrêtez-le, puis relancez la restauration. Rien n’a été modifié.`,
    );

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

describe('the other commands on the embedded database while npm start runs', () => {
  const PASSWORD = 'Funiculaire-Ouchy-Tournesol-81';

  it('admin:create goes through the server: the account signs in at once, without a restart', async () => {
    const created = await cli('api/cli/admin-create.ts', ['ops-live@example.ch', 'Nadia', 'Keller'], server.dataDir, `${PASSWORD}\n`);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^Administrateur créé par le serveur en marche : ops-live@example\.ch \(id \d+\)/);
    expect(created.stdout).not.toContain(PASSWORD);
    const client = new TestClient(server.url);
    expect((await client.post('/api/simple-auth/login', { email: 'ops-live@example.ch', password: PASSWORD })).status).toBe(200);
    expect((await client.get('/api/simple-auth/user')).body).toMatchObject({ email: 'ops-live@example.ch' });

    // The server's refusal comes back as the command's own French line, exit 1.
    const weak = await cli('api/cli/admin-create.ts', ['faible-live@example.ch'], server.dataDir, 'aaaaaaaaaaaa\n');
    expect(weak.status).toBe(1);
    expect(weak.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Ce mot de passe est trop facile à deviner/)]);
    const taken = await cli('api/cli/admin-create.ts', ['ops-live@example.ch'], server.dataDir, `${PASSWORD}\n`);
    expect(taken.status).toBe(1);
    expect(taken.stderr.trim()).toBe('Un compte avec cet email existe déjà.');
  }, 120_000);

  it('db:migrate, db:rollback and seed:demo refuse, naming the server, and change nothing', async () => {
    const client = new TestClient(server.url);
    expect((await client.post('/api/simple-auth/login', { email: 'ops-live@example.ch', password: PASSWORD })).status).toBe(200);
    const before = (await client.get('/api/admin/leads', { query: { limit: 1 } })).body;
    for (const [script, args, command] of [
      ['api/cli/migrate.ts', ['latest'], 'npm run db:migrate'],
      ['api/cli/migrate.ts', ['rollback'], 'npm run db:rollback'],
      ['api/cli/seed-demo.ts', [], 'npm run seed:demo'],
    ] as const) {
      const refused = await cli(script, [...args], server.dataDir);
      expect(refused.status, command).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.trim()).toBe(
        `Commande refusée : le serveur (npm start, pid ${server.process.pid}) utilise la base embarquée de ${server.dataDir}. Arrêtez-le, puis relancez « ${command} ». Rien n’a été modifié.`,
      );
    }
    // Nothing rolled back nor seeded: the server still signs in and lists the same contacts.
    expect((await client.get('/api/admin/leads', { query: { limit: 1 } })).body).toEqual(before);
    expect((await new TestClient(server.url).post('/api/simple-auth/login', { email: 'ops-live@example.ch', password: PASSWORD })).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 120_000);
});

describe('a command that opened the embedded database before npm start', () => {
  const HOLDER = 'tests/support/hold-embedded-database.ts';

  /** The stand-in for a long command: holds DATA_DIR's database until its stdin closes. */
  async function startHolder(dataDir: string) {
    const child = spawn(process.execPath, [HOLDER], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir } });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (status) => resolve(status)));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('ouverte')) resolve();
      });
      child.once('exit', (status) => reject(new Error(`the holder ended (${status}) before opening the database`)));
    });
    return { child, exited };
  }

  it('refuses npm start and every other command, naming its pid, until it ends; then the server starts on it', async () => {
    const dataDir = freshDir();
    expect((await cli('api/cli/migrate.ts', ['latest'], dataDir)).status).toBe(0);

    // A lock left by a command killed with kill -9 does not hold the directory.
    const killed = await startHolder(dataDir);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(dataDirLockPath(dataDir))).toBe(true);
    const afterKill = await cli('api/cli/migrate.ts', ['latest'], dataDir);
    expect(afterKill.stderr).toBe('');
    expect(afterKill.stdout.trim()).toBe('Base déjà à jour.');

    const holder = await startHolder(dataDir);
    const refusal = `La base embarquée de ${dataDir} est déjà ouverte par un autre processus (pid ${holder.child.pid}, « node ${HOLDER} ») : attendez qu’il se termine ou arrêtez-le, puis relancez. Rien n’a été modifié.`;
    const start = spawnSync(process.execPath, ['api/start.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SITE_DIST_DIR: path.join(ROOT, 'dist') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(start.status).toBe(1);
    expect(start.stderr.trim()).toBe(refusal);
    for (const [script, args, input] of [
      ['api/cli/migrate.ts', ['latest'], ''],
      ['api/cli/migrate.ts', ['rollback'], ''],
      ['api/cli/seed-demo.ts', [], ''],
      ['api/cli/db-backup.ts', [path.join(freshDir(), 'pendant.dump')], ''],
      ['api/cli/admin-create.ts', ['pendant@example.ch'], 'Funiculaire-Ouchy-Tournesol-81\n'],
    ] as const) {
      const refused = await cli(script, [...args], dataDir, input);
      expect(refused.status, script).toBe(2);
      expect(refused.stderr.trim(), script).toBe(refusal);
    }

    holder.child.stdin.end();
    expect(await holder.exited).toBe(0);
    expect(existsSync(dataDirLockPath(dataDir))).toBe(false);
    // Nothing was changed meanwhile: the schema is whole and the server starts on it.
    const after = await startProductionServer({ BACKUP_SCHEDULE: 'off' }, dataDir);
    try {
      expect((await fetch(`${after.url}/api/health`)).status).toBe(200);
    } finally {
      await after.stop();
    }
  }, 180_000);
});
