/**
 * `npm run db:restore` first checks that the file is a backup of this product for the configured engine,
 * before anything is moved or replaced: a pg_dump archive (PostgreSQL) or a PGlite data-directory dump
 * (embedded), holding the app's own tables (`knex_migrations`, `leads`, `audit_events`).
 * The answer is a French reason when it is not, undefined when it is.
 */
import { spawnSync } from 'node:child_process';
import { openSync, readSync, closeSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../platform/db.ts';

const PRODUCT_TABLES = ['audit_events', 'knex_migrations', 'leads']; // alphabetical: the messages list them in this order

function firstBytes(file: string, count: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const read = readSync(fd, buffer, 0, count, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

const isPgDumpArchive = (head: Buffer) => head.subarray(0, 5).toString('latin1') === 'PGDMP';
const isGzip = (head: Buffer) => head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;

export async function whyNotABackup(file: string, engine: 'postgresql' | 'pglite', env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const head = firstBytes(file, 8);
  if (engine === 'postgresql') {
    if (isGzip(head)) return 'c’est une sauvegarde de la base embarquée (PGlite), pas de PostgreSQL (DATABASE_URL est défini)';
    if (!isPgDumpArchive(head)) return 'ce n’est pas une archive pg_dump';
    const list = spawnSync('pg_restore', ['--list', file], { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
    if (list.error || list.status !== 0) return 'pg_restore ne peut pas la lire (archive abîmée ou tronquée)';
    const missing = PRODUCT_TABLES.filter((table) => !new RegExp(`\\bTABLE public ${table}\\b`).test(list.stdout));
    return missing.length ? `il y manque les tables de l’application (${missing.join(', ')})` : undefined;
  }
  if (isPgDumpArchive(head)) return 'c’est une sauvegarde PostgreSQL (pg_dump) ; restaurez-la avec DATABASE_URL défini';
  if (!isGzip(head)) return 'ce n’est pas une sauvegarde de la base embarquée (PGlite)';
  // Opened in memory: the real data directory is not touched until the file has proved itself.
  let db: PGlite | undefined;
  try {
    db = new PGlite({ loadDataDir: new Blob([readFileSync(file)]), extensions: PGLITE_EXTENSIONS });
    await db.waitReady;
    const { rows } = await db.query<{ name: string }>('select unnest($1::text[]) as name except select tablename from pg_tables where schemaname = $2', [PRODUCT_TABLES, 'public']);
    return rows.length
      ? `il y manque les tables de l’application (${rows
          .map((row) => row.name)
          .sort()
          .join(', ')})`
      : undefined;
  } catch {
    return 'PGlite ne peut pas l’ouvrir (archive abîmée ou tronquée)';
  } finally {
    await db?.close().catch(() => undefined);
  }
}
