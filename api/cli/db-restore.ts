/**
 * `npm run db:restore FILE` brings back a dump written by `npm run db:backup`, replacing the current data:
 * - PostgreSQL: `pg_restore --clean --if-exists` into DATABASE_URL;
 * - PGlite: the current `DATA_DIR/pglite` is moved aside to `pglite.before-restore-<timestamp>` (never deleted)
 *   and the dump is loaded into a fresh data directory. Stop `npm start` first.
 * A file that is not a backup of this product for the configured engine is refused before anything is
 * touched (api/features/operations/backup-check.ts).
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../platform/db.ts';
import { holdDataDirectory, refuseIfDataDirectoryInUse } from '../platform/data-dir-lock.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { pgToolConnection, whyNotABackup, runningServerPid } from '../features/operations/index.ts';

const config = loadConfigOrExit();
const file = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!file || !existsSync(file)) {
  console.error(file ? `Fichier introuvable : ${file}` : 'Usage : npm run db:restore -- FICHIER');
  process.exit(2);
}

const refusal = await whyNotABackup(file, config.databaseUrl ? 'postgresql' : 'pglite');
if (refusal) {
  console.error(`Restauration refusée : ${file} n’est pas une sauvegarde d’Inner Circle utilisable ici (${refusal}). Rien n’a été modifié.`);
  process.exit(2);
}

if (config.databaseUrl) {
  // The password goes through the environment, never the command line (api/features/operations/pg-tools.ts).
  const connection = pgToolConnection(config.databaseUrl);
  const result = spawnSync('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${connection.url}`, file], {
    stdio: 'inherit',
    env: connection.env,
  });
  if (result.error || result.status !== 0) {
    console.error(`Échec de la restauration : pg_restore ${result.error ? `introuvable (${result.error.message})` : `a terminé avec le code ${result.status}`}.`);
    process.exit(1);
  }
} else {
  const pid = await runningServerPid(config.dataDir);
  if (pid !== undefined) {
    console.error(`Restauration refusée : le serveur (npm start, pid ${pid}) utilise cette base embarquée. Arrêtez-le, puis relancez la restauration. Rien n’a été modifié.`);
    process.exit(2);
  }
  // Nor a command that has it open (docs/decisions/159-embedded-database-lock.md).
  let release: () => void;
  try {
    release = holdDataDirectory(config.dataDir);
  } catch (error) {
    refuseIfDataDirectoryInUse(error);
  }
  const dataDir = path.join(config.dataDir, 'pglite');
  if (existsSync(dataDir)) {
    const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, aside);
    console.log(`Données actuelles mises de côté : ${aside}`);
  }
  const db = new PGlite({
    dataDir,
    loadDataDir: new Blob([readFileSync(file)]),
    extensions: PGLITE_EXTENSIONS,
  });
  await db.waitReady;
  await db.close();
  release();
}
console.log(`Base restaurée depuis ${file}`);
