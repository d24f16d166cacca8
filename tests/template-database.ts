/**
 * Migrated template databases for the API tests (decision 094): the migrations and pg-boss's schema are
 * installed once per run by a vitest globalSetup (tests/api/global-setup-*.ts), then every test file
 * starts from a copy — on PGlite a `loadDataDir` of a `dumpDataDir` archive, on PostgreSQL
 * `CREATE DATABASE … TEMPLATE …`. A copy is a file's own database: nothing is shared between files.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onServer } from './scratch-database.ts';
import { openDatabase, migrateLatest, type Database } from '../api/platform/db.ts';
import { createLogger } from '../api/platform/logger.ts';
import { pgliteOf, startQueue } from '../api/platform/queue/queue.ts';

/**
 * Migrations, then pg-boss's schema. The queues and schedules are left to each file's `startJobs`:
 * their options come from that file's configuration (e.g. a short retry delay).
 */
async function prepare(knex: Database, databaseUrl: string | undefined): Promise<void> {
  await migrateLatest(knex);
  const queue = await startQueue({ knex, databaseUrl, logger: createLogger('silent') });
  await queue.stop({ graceful: false });
}

/** Builds the PGlite template and writes its archive to a file; returns the file's path and a cleanup. */
export async function buildPgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'innercircle-template-'));
  const knex = await openDatabase({ databaseUrl: undefined, dataDir: dir, inMemory: true });
  try {
    await prepare(knex, undefined);
    const pglite = pgliteOf(knex) as unknown as { dumpDataDir(compression: 'none'): Promise<Blob> };
    const archive = await pglite.dumpDataDir('none');
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await knex.destroy();
  }
}

/** The archive as `openDatabase({ loadDataDir })` takes it (one read per test file). */
export function pgliteTemplate(file: string): Blob {
  return new Blob([readFileSync(file)]);
}

/** Creates and prepares a template database on the server of TEST_DATABASE_URL; every connection to it is closed on return. */
export async function buildPgTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `innercircle_template_${randomBytes(4).toString('hex')}`;
  await onServer(`create database "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const knex = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), poolMax: 2 });
  try {
    await prepare(knex, url.toString());
  } finally {
    await knex.destroy();
  }
  return { name, drop: () => onServer(`drop database if exists "${name}" with (force)`) };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template's archive (tests/api/global-setup-pglite.ts). */
    pgliteTemplateFile: string;
    /** The PostgreSQL template database's name (tests/api/global-setup-pg.ts). */
    pgTemplateDatabase: string;
  }
}
