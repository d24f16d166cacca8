/**
 * `npm run db:migrate` (latest) and `npm run db:rollback` (last batch), on PGlite or PostgreSQL per DATABASE_URL.
 * On the embedded database, refused while `npm start` runs on it (decision 125).
 */
import { loadConfigOrExit } from '../platform/config.ts';
import { openDatabase, databaseOptions } from '../platform/db.ts';
import { refuseIfDataDirectoryInUse } from '../platform/data-dir-lock.ts';
import { refuseWhileServerRuns } from '../features/operations/index.ts';

const command = process.argv[2];
const config = loadConfigOrExit();
// The embedded database a running server holds is never opened a second time (decision 125); the server
// applies the migrations itself when it starts.
if (!config.databaseUrl) await refuseWhileServerRuns(config.dataDir, command === 'rollback' ? 'npm run db:rollback' : 'npm run db:migrate');
const knex = await openDatabase(databaseOptions(config)).catch(refuseIfDataDirectoryInUse);
try {
  if (command === 'rollback') {
    const [batch, rolledBack] = (await knex.migrate.rollback()) as [number, string[]];
    console.log(rolledBack.length ? `Lot ${batch} annulé : ${rolledBack.join(', ')}` : 'Aucune migration à annuler.');
  } else if (command === 'latest') {
    const [batch, applied] = (await knex.migrate.latest()) as [number, string[]];
    console.log(applied.length ? `Lot ${batch} appliqué : ${applied.join(', ')}` : 'Base déjà à jour.');
  } else {
    console.error('Usage : node api/cli/migrate.ts latest|rollback');
    process.exitCode = 2;
  }
} finally {
  await knex.destroy();
}
