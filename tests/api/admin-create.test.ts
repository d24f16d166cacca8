/**
 * `npm run admin:create` (decision 021): an administrator created from the command line, the password read
 * from standard input (never an argument), with the same rules as the login screen.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { openDatabase } from '../../api/platform/db.ts';
import { AdminCreateError, createAdminFromCli } from '../../api/cli/admin-create.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PASSWORD = 'Funiculaire-Ouchy-Tournesol-81';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await app.signIn({ email: 'existant@example.ch' });
});
afterAll(() => app.close());

describe('createAdminFromCli', () => {
  it('creates an administrator even when accounts exist, who can then sign in', async () => {
    const admin = await createAdminFromCli(app.knex, ['Ops@Example.ch', 'Marc', 'Dubois'], PASSWORD);
    expect(admin.email).toBe('ops@example.ch');
    const row = await app.knex('users').where({ id: admin.id }).first();
    expect(row).toMatchObject({ email: 'ops@example.ch', firstName: 'Marc', lastName: 'Dubois', isAdmin: true });
    expect(row.password).toMatch(/^argon2id\$/);
    expect((await app.client().post('/api/simple-auth/login', { email: 'ops@example.ch', password: PASSWORD })).status).toBe(200);
    expect(await app.knex('audit_events').where({ type: 'admin_setup', userId: admin.id }).first()).toMatchObject({ details: { via: 'command-line' } });
  });

  it('refuses a guessable or short password, a bad email, a taken email, and missing arguments, in French', async () => {
    const refusal = (args: string[], password: string) =>
      createAdminFromCli(app.knex, args, password).then(
        () => 'créé',
        (error: unknown) => (error instanceof AdminCreateError ? error.message : `autre: ${String(error)}`),
      );
    expect(await refusal(['faible@example.ch', 'Léa', 'Favre'], 'aaaaaaaaaaaa')).toMatch(/^Ce mot de passe est trop facile à deviner/);
    expect(await refusal(['nom@example.ch', 'Léa', 'Favre'], 'FavreFavreFavre')).toMatch(/^Ce mot de passe est trop facile à deviner/);
    expect(await refusal(['court@example.ch'], 'court')).toBe('Le mot de passe doit comporter au moins 12 caractères');
    expect(await refusal(['pas-un-email'], PASSWORD)).toBe('Email invalide');
    expect(await refusal(['existant@example.ch'], PASSWORD)).toBe('Un compte avec cet email existe déjà.');
    expect(await refusal([], PASSWORD)).toMatch(/^Usage : npm run admin:create/);
    expect(await app.knex('users').whereIn('email', ['faible@example.ch', 'nom@example.ch', 'court@example.ch']).first()).toBeUndefined();
  });
});

describe('npm run admin:create (the process)', () => {
  it('reads the password from standard input and creates the administrator', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'innercircle-admin-create-'));
    try {
      const result = spawnSync(process.execPath, ['api/cli/admin-create.ts', 'cli@example.ch', 'Nadia', 'Keller'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(app.config.databaseUrl ? { DATABASE_URL: app.config.databaseUrl } : {}) },
        input: `${PASSWORD}\n`,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^Administrateur créé : cli@example\.ch \(id \d+\)/);
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
      const db = app.config.databaseUrl ? app.knex : await openDatabase({ databaseUrl: undefined, dataDir });
      try {
        expect(await db('users').where({ email: 'cli@example.ch' }).first('isAdmin', 'firstName')).toEqual({ isAdmin: true, firstName: 'Nadia' });
      } finally {
        if (db !== app.knex) await db.destroy();
      }

      const weak = spawnSync(process.execPath, ['api/cli/admin-create.ts', 'faible@example.ch'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(app.config.databaseUrl ? { DATABASE_URL: app.config.databaseUrl } : {}) },
        input: 'aaaaaaaaaaaa\n',
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(weak.status).toBe(1);
      expect(weak.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Ce mot de passe est trop facile à deviner/)]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two processes that each open a database and run the migrations.
  }, 120_000);
});
