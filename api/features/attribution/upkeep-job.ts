/**
 * `visit-salts`: every hour on the hour, Swiss time (pg-boss cron), creates the day's salt before its
 * first visit needs it and deletes the salts, first sources and page lists older than 48 hours
 * (./salts.ts). A failed run is logged and not retried: the next one is an hour away and does the same.
 */
import type { Database } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Queue } from '../../platform/queue/queue.ts';
import { rotateSalts } from './salts.ts';

export const VISIT_SALTS_QUEUE = 'visit-salts';
export const VISIT_SALTS_SCHEDULE = '0 * * * *';

export async function scheduleSaltRotation(queue: Queue): Promise<void> {
  await queue.createQueue(VISIT_SALTS_QUEUE, { retryLimit: 0, expireInSeconds: 600 } as never);
  await queue.schedule(VISIT_SALTS_QUEUE, VISIT_SALTS_SCHEDULE, null, { tz: 'Europe/Zurich' });
}

export async function workSaltRotation(queue: Queue, { knex, logger }: { knex: Database; logger: Logger }): Promise<void> {
  await queue.work(VISIT_SALTS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    try {
      const purged = await rotateSalts(knex);
      if (purged.salts + purged.firstSources + purged.pages > 0) logger.info(purged, 'visit salts rotated');
    } catch (error) {
      logger.error({ err: error }, 'visit salt rotation failed');
    }
  });
}
