/**
 * `booking-feeds`: every ten minutes (pg-boss cron), whichever instance with workers takes the job
 * reads every host's calendar feed (./feed-refresh.ts). A run is not retried: the next is ten minutes
 * away, and a feed left unread for an hour is stale, so its host offers nothing (fail closed) and the
 * team is alerted once.
 */
import type { Cron, WorkerDeps } from '../../../platform/queue/scheduled.ts';
import { refreshAllFeeds } from './feed-refresh.ts';

export const BOOKING_FEEDS_QUEUE = 'booking-feeds';
export const BOOKING_FEEDS_SCHEDULE = '*/10 * * * *';

/** One run; a failure of the run itself (the database) is logged, the next run tries again. */
export async function runFeedRefresh({ config, knex, logger }: Pick<WorkerDeps, 'config' | 'knex' | 'logger'>): Promise<void> {
  try {
    await refreshAllFeeds(knex, { logger, notifyEmails: config.mail.notifyEmails });
  } catch (error) {
    logger.error({ err: error }, 'booking feeds not refreshed');
  }
}

export const feedRefreshCron: Cron = {
  queue: BOOKING_FEEDS_QUEUE,
  schedule: BOOKING_FEEDS_SCHEDULE,
  // A run reads each feed within its own timeout.
  expireInSeconds: 600,
  pollingIntervalSeconds: 5,
  async run(deps) {
    await deps.whenQuiet();
    await runFeedRefresh(deps);
  },
};
