/**
 * `retention`: the weekly erasure of inactive contacts, emptying of old e-mail bodies and destruction of
 * accounting records past their ten years (pg-boss cron, Swiss time; api/features/privacy/retention.ts says
 * what goes). Like the backup, a failed run is logged and not
 * retried: the next one is a week away and redoes the same work.
 */
import type { Cron } from '../../platform/queue/scheduled.ts';
import { RETENTION_SCHEDULE, RETENTION_TIME_ZONE } from '../../platform/config-retention.ts';
import { runRetention } from './retention.ts';

export const RETENTION_QUEUE = 'retention';

export const retentionCron: Cron = {
  queue: RETENTION_QUEUE,
  schedule: RETENTION_SCHEDULE,
  timeZone: RETENTION_TIME_ZONE,
  expireInSeconds: 3600,
  pollingIntervalSeconds: 30,
  async run(deps) {
    try {
      const outcome = await runRetention(deps.knex, deps.config.retention);
      deps.logger.info(outcome, 'retention run');
    } catch (error) {
      deps.logger.error({ err: error }, 'retention run failed');
    }
  },
};
