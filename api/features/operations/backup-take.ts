/**
 * Takes a restorable backup of the running app's database into `DATA_DIR/backups/`, without stopping it:
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot transaction: consistent while requests go on);
 * - PGlite: PGlite's own data-directory dump (gzipped tar), taken in this process while holding knex's
 *   only PGlite connection, so no statement and no transaction (ours or pg-boss's) is in flight: the
 *   files are those of a quiet database, and every transaction committed before is in them.
 * The file is written under a temporary name and renamed when complete: a half-written dump never
 * looks like a backup. Files are 0600 in a 0700 folder (api/features/operations/pg-tools.ts).
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '../../platform/db.ts';
import { pgliteOf, whileHoldingPgliteConnection } from '../../platform/queue/queue.ts';
import { makePrivate, pgToolConnection } from './pg-tools.ts';

const run = promisify(execFile);

/** Scheduled backups are named `innercircle-auto-<engine>-<UTC timestamp>.dump`; only these are rotated. */
const SCHEDULED = /^innercircle-auto-(postgresql|pglite)-[\dTZ-]+\.dump$/;

export function backupStamp(at = new Date()): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

export interface BackupTarget {
  knex: Database;
  databaseUrl: string | undefined;
}

/** Writes a dump of the running database to `file` (0600; the caller prepares its folder). */
export async function writeDump({ knex, databaseUrl }: BackupTarget, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    if (databaseUrl) {
      const connection = pgToolConnection(databaseUrl);
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, connection.url], {
        env: connection.env,
        maxBuffer: 1024 * 1024,
      });
    } else {
      const pglite = pgliteOf(knex) as unknown as { exec(sql: string): Promise<unknown>; dumpDataDir(compression: 'gzip'): Promise<Blob> } | undefined;
      if (!pglite) throw new Error('embedded database not found behind knex');
      const dump = await whileHoldingPgliteConnection(knex, async () => {
        // A checkpoint first: the dump then restores without replaying the WAL since the last one.
        await pglite.exec('checkpoint');
        return pglite.dumpDataDir('gzip');
      });
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    }
    makePrivate(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Writes one scheduled backup into `folder`, then removes the oldest scheduled ones beyond `keep`. */
export async function takeScheduledBackup(target: BackupTarget, folder: string, keep: number, at = new Date()): Promise<{ file: string; removed: string[] }> {
  const engine = target.databaseUrl ? 'postgresql' : 'pglite';
  const file = path.join(folder, `innercircle-auto-${engine}-${backupStamp(at)}.dump`);
  // Not preparePrivateFolder: it sets the process's umask, which the server must keep.
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  await writeDump(target, file);
  const scheduled = (await readdir(folder)).filter((name) => SCHEDULED.test(name)).sort(); // timestamps sort by time
  const removed = scheduled.slice(0, Math.max(0, scheduled.length - keep));
  for (const name of removed) await rm(path.join(folder, name), { force: true });
  return { file, removed };
}
