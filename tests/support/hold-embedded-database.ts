/**
 * A command in the middle of its work on the embedded database: opens DATA_DIR's database the way every
 * command does (api/platform/db.ts), says « ouverte », and keeps it open until its stdin closes.
 */
import { openDatabase } from '../../api/platform/db.ts';

const knex = await openDatabase({ databaseUrl: undefined, dataDir: process.env.DATA_DIR! });
await knex.raw('select 1');
process.stdout.write('ouverte\n');
process.stdin.resume();
process.stdin.on('end', () => {
  void knex.destroy().then(() => process.exit(0));
});
