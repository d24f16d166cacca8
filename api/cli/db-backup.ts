/**
 * `npm run db:backup [FILE]` writes a restorable dump of the configured database:
 * - PostgreSQL (DATABASE_URL set): `pg_dump --format=custom` (restore with `npm run db:restore FILE`);
 * - embedded PGlite: PGlite's own data-directory dump (a gzipped tarball).
 * Default file: `DATA_DIR/backups/innercircle-<engine>-<timestamp>.dump`. Backups are private: the file is
 * 0600, the default folder 0700, and the database password reaches pg_dump through its environment,
 * never its command line (api/features/operations/pg-tools.ts).
 * PGlite is single-process: while `npm start` runs, the server takes the dump itself, asked through its
 * owner-only socket `DATA_DIR/server.sock` (api/features/operations/backup-control.ts, decision 023); otherwise this command
 * opens the data directory.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../platform/db.ts';
import { holdDataDirectory, refuseIfDataDirectoryInUse } from '../platform/data-dir-lock.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { makePrivate, pgToolConnection, preparePrivateFolder, askRunningServer } from '../features/operations/index.ts';

const config = loadConfigOrExit();
const engine = config.databaseUrl ? 'postgresql' : 'pglite';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const defaultFolder = path.join(config.dataDir, 'backups');
const file = path.resolve(process.argv[2] ?? path.join(defaultFolder, `innercircle-${engine}-${stamp}.dump`));
preparePrivateFolder(path.dirname(file), { enforce: path.dirname(file) === path.resolve(defaultFolder) });

if (config.databaseUrl) {
  const connection = pgToolConnection(config.databaseUrl);
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, connection.url], {
    stdio: 'inherit',
    env: connection.env,
  });
  if (result.error || result.status !== 0) {
    console.error(`Échec de la sauvegarde : pg_dump ${result.error ? `introuvable (${result.error.message})` : `a terminé avec le code ${result.status}`}.`);
    process.exit(1);
  }
} else {
  const reply = await askRunningServer(config.dataDir, '/backup', { file });
  if (reply && reply.status !== 200) {
    console.error(reply.body.message ?? `Échec de la sauvegarde (le serveur a répondu ${reply.status}).`);
    process.exit(1);
  }
  if (reply) console.log('Serveur en marche : la sauvegarde a été prise par le serveur, sans l’arrêter.');
  else await dumpStoppedDatabase();
}

async function dumpStoppedDatabase(): Promise<void> {
  // A command that opened the data directory before us has it (docs/decisions/159-embedded-database-lock.md).
  let release: () => void;
  try {
    release = holdDataDirectory(config.dataDir);
  } catch (error) {
    refuseIfDataDirectoryInUse(error);
  }
  const db = new PGlite({ dataDir: path.join(config.dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS });
  await db.waitReady;
  const dump = await db.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  await db.close();
  release();
}
makePrivate(file);
console.log(`Sauvegarde écrite : ${file}`);
