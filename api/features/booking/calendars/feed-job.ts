/**
 * `booking-feeds`: every ten minutes (pg-boss cron), whichever instance with workers takes the job
 * reads every host's calendar feed (./feed-refresh.ts). A run is not retried: the next is ten minutes
 * away, and a feed left unread for an hour is stale, so its host offers nothing (fail closed) and the
 * team is alerted once.
 */
import type { Config } from '../../../platform/config.ts';
import type { Queue } from '../../../platform/queue/queue.ts';
import type { WorkerDeps } from '../../../platform/queue/scheduled.ts';
import { refreshAllFeeds } from './feed-refresh.ts';

export const BOOKING_FEEDS_QUEUE = 'booking-feeds';
export const BOOKING_FEEDS_SCHEDULE = '*/10 * * * *';

export async function scheduleFeedRefresh(queue: Queue, _config: Config): Promise<void> {
  // A run reads each feed within its own timeout; a killed instance's run is not picked up again.
  await queue.createQueue(BOOKING_FEEDS_QUEUE, { retryLimit: 0, expireInSeconds: 600 } as never);
  await queue.schedule(BOOKING_FEEDS_QUEUE, BOOKING_FEEDS_SCHEDULE);
}

/** One run; a failure of the run itself (the database) is logged, the next run tries again. */
export async function runFeedRefresh({ config, knex, logger }: Pick<WorkerDeps, 'config' | 'knex' | 'logger'>): Promise<void> {
  try {
    await refreshAllFeeds(knex, { logger, notifyEmails: config.mail.notifyEmails });
  } catch (error) {
    logger.error({ err: error }, 'booking feeds not refreshed');
  }
}

export async function workFeedRefresh(queue: Queue, deps: WorkerDeps): Promise<void> {
  await queue.work(BOOKING_FEEDS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    await deps.whenQuiet();
    await runFeedRefresh(deps);
  });
}
