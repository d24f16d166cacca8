/**
 * `database-upkeep`: every five minutes (pg-boss cron), on the embedded database only, vacuums and
 * analyzes the tables autovacuum would (api/features/operations/database-upkeep.ts, decision 084). A PostgreSQL
 * server has its own autovacuum daemon, which does this better (in the background, without blocking
 * anyone), so there the schedule is removed. A failed run is logged and not retried: the next is five
 * minutes away and finds the same tables due.
 */
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { runDatabaseUpkeep } from './database-upkeep.ts';
import type { Cron } from '../../platform/queue/scheduled.ts';

export const DATABASE_UPKEEP_QUEUE = 'database-upkeep';
export const DATABASE_UPKEEP_SCHEDULE = '*/5 * * * *';

/** Only the embedded database needs it: a PostgreSQL server has its autovacuum daemon. */
function needsUpkeep(config: Config): boolean {
  return !config.databaseUrl;
}

/** One run, with what it did in the log (table names and counts only: no personal data); never throws. */
export async function runScheduledUpkeep(knex: Database, logger: Logger): Promise<void> {
  const started = Date.now();
  try {
    const tables = await runDatabaseUpkeep(knex);
    if (tables.length > 0) logger.info({ tables, ms: Date.now() - started }, 'database upkeep');
  } catch (error) {
    logger.error({ err: error }, 'database upkeep failed');
  }
}

export const databaseUpkeepCron: Cron = {
  queue: DATABASE_UPKEEP_QUEUE,
  schedule: DATABASE_UPKEEP_SCHEDULE,
  expireInSeconds: 900,
  pollingIntervalSeconds: 5,
  needed: needsUpkeep,
  run: ({ knex, logger }) => runScheduledUpkeep(knex, logger),
};
