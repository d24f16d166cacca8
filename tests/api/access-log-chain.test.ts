/**
 * The access log's integrity (docs/decisions/148-access-log-hash-chain.md): the database refuses to change
 * or delete a row (except past the retention, never under 365 days), concurrent inserts keep one chain,
 * a row changed with the triggers disabled is named by `npm run audit:verify` (the process against
 * PostgreSQL, the function and the control socket's handler in-process on PGlite), `npm run audit:export`
 * writes JSON Lines since a day, and the retention run removes the older rows only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { exportAccessLog, purgeAccessLog, verifyAccessLog } from '../../api/features/privacy/index.ts';
import { accessLogControlHandlers } from '../../api/features/privacy/access-log-control.ts';
import { recordAccess } from '../../api/platform/access-log.ts';
import { loadConfig } from '../../api/platform/config.ts';
import { ACCESS_LOG_ACTIONS } from '../../api/contract/access-log.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let app: TestApp;
let dataDir: string;
beforeAll(async () => {
  app = await startTestApp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'innercircle-audit-'));
  await app.signIn();
  for (let index = 1; index <= 6; index += 1) await recordAccess(app.knex, { action: 'contact_viewed', contactId: index, userId: 1 });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs an npm script's file against the test's PostgreSQL database (or, without one, an embedded database in `dataDir`). */
function cli(file: string, args: string[] = [], databaseUrl = app.config.databaseUrl) {
  return spawnSync(process.execPath, [file, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** As a superuser may: with every trigger of the table disabled for the length of `change`. */
async function withTriggersDisabled(change: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  await app.knex.transaction(async (trx) => {
    await trx.raw('alter table access_log disable trigger all');
    await change(trx);
    await trx.raw('alter table access_log enable trigger all');
  });
}

const ids = async () => (await app.knex('access_log').orderBy('id').pluck('id')).map(Number);
const count = async () => (await ids()).length;

/** The day in Zurich `days` from now, as `npm run audit:export -- --since` takes it. */
const zurichDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() + days * 86_400_000));

describe('append-only', () => {
  it('refuses to update, delete or truncate a row, even an old one, outside the retention run', async () => {
    const [first] = await ids();
    await expect(
      app
        .knex('access_log')
        .where({ id: first })
        .update({ details: JSON.stringify({ changed: true }) }),
    ).rejects.toThrow(/append-only/);
    await expect(app.knex('access_log').where({ id: first }).delete()).rejects.toThrow(/append-only/);
    await expect(app.knex.raw('truncate access_log')).rejects.toThrow(/append-only/);
    // A retention under 365 days declared by hand is refused too.
    await expect(
      app.knex.transaction(async (trx) => {
        await trx.raw(`select set_config('innercircle.access_log_retention_days', '0', true)`);
        await trx('access_log').where({ id: first }).delete();
      }),
    ).rejects.toThrow(/append-only/);
    expect(await verifyAccessLog(app.knex)).toEqual({ intact: true, checked: await count(), message: `Journal des accès intact : ${await count()} entrées vérifiées.` });
  });

  it('takes every action of the contract’s list, and no other', async () => {
    for (const action of ACCESS_LOG_ACTIONS) await recordAccess(app.knex, { action, userId: null });
    await expect(recordAccess(app.knex, { action: 'contact_read' as never })).rejects.toThrow(/access_log_action_check/);
  });

  it('keeps one chain in id order under concurrent inserts', async () => {
    const before = await count();
    await Promise.all(Array.from({ length: 25 }, (_, index) => recordAccess(app.knex, { action: 'bulk_action', contactIds: [index + 1], details: { bulkAction: 'add_tag', value: 'x' } })));
    expect(await count()).toBe(before + 25);
    // No gap: « Entrée n° N » is the N-th entry.
    const all = await ids();
    expect(all).toEqual(all.map((_, index) => all[0]! + index));
    const rows = await app.knex('access_log').orderBy('id').select('prevHash', 'hash');
    expect(new Set(rows.map((row) => row.prevHash)).size).toBe(rows.length);
    expect(await verifyAccessLog(app.knex)).toMatchObject({ intact: true, checked: before + 25 });
  });
});

describe('verification', () => {
  it('names the row changed with the triggers disabled, then finds the chain intact once it is restored', async () => {
    const target = (await ids())[3]!;
    const original = (await app.knex('access_log').where({ id: target }).first()).details;
    await withTriggersDisabled((trx) =>
      trx('access_log')
        .where({ id: target })
        .update({ details: JSON.stringify({ contactIds: [999] }) }),
    );
    const verdict = await verifyAccessLog(app.knex);
    expect(verdict).toMatchObject({ intact: false, brokenId: target });
    expect(verdict.message).toBe(`Entrée n° ${target} modifiée ou supprimée : son empreinte ne correspond plus à son contenu. Journal des accès non intègre.`);
    expect(await accessLogControlHandlers(app.knex)['/audit-verify']!({})).toEqual({ status: 200, body: verdict });
    if (app.config.databaseUrl) {
      const run = cli('api/cli/audit-verify.ts');
      expect(run.stderr.trim()).toBe(verdict.message);
      expect(run.status).toBe(1);
    }

    await withTriggersDisabled((trx) =>
      trx('access_log')
        .where({ id: target })
        .update({ details: JSON.stringify(original) }),
    );
    const intact = await verifyAccessLog(app.knex);
    expect(intact).toMatchObject({ intact: true });
    if (app.config.databaseUrl) {
      const run = cli('api/cli/audit-verify.ts');
      expect(run.stdout.trim()).toBe(`Journal des accès intact : ${await count()} entrées vérifiées.`);
      expect(run.status).toBe(0);
    }
  });
});

describe('export', () => {
  it('writes the rows since a day as JSON Lines, with what the chain needs', async () => {
    const all = await exportAccessLog(app.knex, zurichDay(-1), 0, 1000);
    expect(all.map((row) => row.id)).toEqual(await ids());
    const second = all.findIndex((row) => row.action === 'contact_viewed' && row.contactId === 2);
    expect(all[second]).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      userId: 1,
      action: 'contact_viewed',
      contactId: 2,
      contactCount: null,
      details: {},
      device: null,
      ipPrefix: null,
      prevHash: all[second - 1]!.hash,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await exportAccessLog(app.knex, zurichDay(1), 0, 1000)).toEqual([]);
    expect((await exportAccessLog(app.knex, zurichDay(-1), all[2]!.id, 2)).map((row) => row.id)).toEqual([all[3]!.id, all[4]!.id]);
    // What a running server on the embedded database answers the command, page by page.
    const handlers = accessLogControlHandlers(app.knex);
    expect(await handlers['/audit-export']!({ since: zurichDay(-1), afterId: 0 })).toEqual({ status: 200, body: { rows: all } });
    expect((await handlers['/audit-export']!({ since: 'hier', afterId: 0 })).status).toBe(400);
    if (app.config.databaseUrl) {
      const run = cli('api/cli/audit-export.ts', ['--since', zurichDay(-1)]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(
        run.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).toEqual(all);
      expect(cli('api/cli/audit-export.ts', ['--since', zurichDay(1)]).stdout).toBe('');
      const wrong = cli('api/cli/audit-export.ts', ['--since', '1er janvier']);
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toMatch(/^Usage : npm run audit:export -- --since AAAA-MM-JJ/);
    }
  });
});

describe('retention', () => {
  it('is never under 365 days', () => {
    expect(() => loadConfig({ ACCESS_LOG_RETENTION_DAYS: '364' })).toThrow(/ACCESS_LOG_RETENTION_DAYS — le journal des accès est gardé au moins 365 jours/);
    expect(loadConfig({ ACCESS_LOG_RETENTION_DAYS: '365' }).accessLogRetentionDays).toBe(365);
    expect(loadConfig({}).accessLogRetentionDays).toBe(730);
  });

  it('deletes the rows older than the retention, oldest first, and the rest still verifies', async () => {
    // The first two rows 800 days old, the next two 400 days: re-chained as if written then.
    const all = await ids();
    await withTriggersDisabled(async (trx) => {
      let previous: string | null = null;
      for (const [index, id] of all.entries()) {
        const days = index < 2 ? 800 : index < 4 ? 400 : null;
        const [row]: Array<{ hash: string }> = await trx('access_log')
          .where({ id })
          .update({
            at: days === null ? trx.raw('at') : trx.raw(`now() - make_interval(days => ?)`, [days]),
            prevHash: previous,
            hash: trx.raw(
              `access_log_row_hash(id, ${days === null ? 'at' : 'now() - make_interval(days => ?)'}, user_id, action, contact_id, contact_count, details, device, ip_prefix, ?)`,
              days === null ? [previous] : [days, previous],
            ),
          })
          .returning('hash');
        previous = row.hash;
      }
    });
    expect(await verifyAccessLog(app.knex)).toMatchObject({ intact: true, checked: all.length });

    await expect(purgeAccessLog(app.knex, 364)).rejects.toThrow(/append-only/);
    expect(await purgeAccessLog(app.knex, 730)).toBe(2);
    expect(await ids()).toEqual(all.slice(2));
    expect(await verifyAccessLog(app.knex)).toMatchObject({ intact: true, checked: all.length - 2 });
    expect(await purgeAccessLog(app.knex, 365)).toBe(2);
    expect(await purgeAccessLog(app.knex, 365)).toBe(0);
    expect(await verifyAccessLog(app.knex)).toMatchObject({ intact: true, checked: all.length - 4 });
  });

  it('names the row after one deleted with the triggers disabled', async () => {
    const all = await ids();
    await withTriggersDisabled((trx) => trx('access_log').where({ id: all[2] }).delete());
    expect(await verifyAccessLog(app.knex)).toMatchObject({
      intact: false,
      brokenId: all[3],
      message: `Entrée n° ${all[3]} modifiée ou supprimée : elle ne suit plus l’entrée n° ${all[1]} (une entrée entre les deux a été supprimée, ou l’entrée n° ${all[1]} modifiée). Journal des accès non intègre.`,
    });
  });
});
