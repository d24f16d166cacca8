/**
 * `npm run db:backup [FILE]` writes a restorable dump of the configured database:
 * - PostgreSQL (DATABASE_URL set): `pg_dump --format=custom` (restore with `npm run db:restore FILE`);
 * - embedded PGlite: PGlite's own data-directory dump (a gzipped tarball).
 * Default file: `DATA_DIR/backups/innercircle-<engine>-<timestamp>.dump`.
 * The PGlite dump opens the database directly: stop `npm start` first (PGlite is single-process).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { loadConfigOrExit } from '../config.ts';

const config = loadConfigOrExit();
const engine = config.databaseUrl ? 'postgresql' : 'pglite';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `innercircle-${engine}-${stamp}.dump`));
mkdirSync(path.dirname(file), { recursive: true });

if (config.databaseUrl) {
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, config.databaseUrl], {
    stdio: 'inherit',
  });
  if (result.error || result.status !== 0) {
    console.error(`Échec de la sauvegarde : pg_dump ${result.error ? `introuvable (${result.error.message})` : `a terminé avec le code ${result.status}`}.`);
    process.exit(1);
  }
} else {
  const db = new PGlite({ dataDir: path.join(config.dataDir, 'pglite'), extensions: { pg_trgm, unaccent } });
  await db.waitReady;
  const dump = await db.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
console.log(`Sauvegarde écrite : ${file}`);
