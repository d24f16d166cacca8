/**
 * `visit-salts`: every hour on the hour, Swiss time (pg-boss cron), creates the day's salt before its
 * first visit needs it and deletes the salts, first sources and page lists older than 48 hours
 * (./salts.ts). A failed run is logged and not retried: the next one is an hour away and does the same.
 */
import type { Cron } from '../../platform/queue/scheduled.ts';
import { rotateSalts } from './salts.ts';

export const VISIT_SALTS_QUEUE = 'visit-salts';
export const VISIT_SALTS_SCHEDULE = '0 * * * *';

export const saltRotationCron: Cron = {
  queue: VISIT_SALTS_QUEUE,
  schedule: VISIT_SALTS_SCHEDULE,
  timeZone: 'Europe/Zurich',
  expireInSeconds: 600,
  pollingIntervalSeconds: 30,
  async run({ knex, logger }) {
    try {
      const purged = await rotateSalts(knex);
      if (purged.salts + purged.firstSources + purged.pages > 0) logger.info(purged, 'visit salts rotated');
    } catch (error) {
      logger.error({ err: error }, 'visit salt rotation failed');
    }
  },
};
