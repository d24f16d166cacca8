/**
 * `retention`: the weekly erasure of inactive contacts and emptying of old e-mail bodies (pg-boss cron,
 * Swiss time; api/features/privacy/retention.ts says what goes). Like the backup, a failed run is logged and not
 * retried: the next one is a week away and redoes the same work.
 */
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { RETENTION_SCHEDULE, RETENTION_TIME_ZONE } from '../../platform/config-retention.ts';
import { runRetention } from './retention.ts';
import type { Queue } from '../../platform/queue/queue.ts';

export const RETENTION_QUEUE = 'retention';

export async function scheduleRetention(queue: Queue): Promise<void> {
  await queue.createQueue(RETENTION_QUEUE, { retryLimit: 0, expireInSeconds: 3600 } as never);
  await queue.schedule(RETENTION_QUEUE, RETENTION_SCHEDULE, null, { tz: RETENTION_TIME_ZONE });
}

export async function workRetention(queue: Queue, deps: { config: Config; knex: Database; logger: Logger }): Promise<void> {
  await queue.work(RETENTION_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    try {
      const outcome = await runRetention(deps.knex, deps.config.retention);
      deps.logger.info(outcome, 'retention run');
    } catch (error) {
      deps.logger.error({ err: error }, 'retention run failed');
    }
  });
}
