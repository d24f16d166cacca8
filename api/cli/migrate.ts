/** `npm run db:migrate` (latest) and `npm run db:rollback` (last batch), on PGlite or PostgreSQL per DATABASE_URL. */
import { loadConfigOrExit } from '../platform/config.ts';
import { openDatabase, databaseOptions } from '../platform/db.ts';

const command = process.argv[2];
const config = loadConfigOrExit();
const knex = await openDatabase(databaseOptions(config));
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
