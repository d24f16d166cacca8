/**
 * The database `npm run audit:verify` and `audit:export` read when no server answers for them: PostgreSQL
 * (DATABASE_URL), or the embedded data directory nobody holds. Not migrated here: a command that checks
 * the log must not change the schema; a database without the log is named in French.
 */
import type { Config } from '../platform/config.ts';
import { databaseOptions, openDatabase, type Database } from '../platform/db.ts';
import { refuseIfDataDirectoryInUse } from '../platform/data-dir-lock.ts';

export async function openAccessLogDatabase(config: Config): Promise<Database> {
  const knex = await openDatabase({ ...databaseOptions(config), poolMax: 1 }).catch(refuseIfDataDirectoryInUse);
  const { rows } = (await knex.raw(`select to_regclass('access_log') is not null as present`)) as { rows: Array<{ present: boolean }> };
  if (!rows[0]?.present) {
    await knex.destroy();
    process.stderr.write('Cette base n’a pas de journal des accès : lancez d’abord « npm run db:migrate » (ou « npm start »).\n');
    process.exit(2);
  }
  return knex;
}
