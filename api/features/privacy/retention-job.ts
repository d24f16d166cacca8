/**
 * `retention`: the weekly erasure of inactive contacts, emptying of old e-mail bodies, destruction of
 * accounting records past their ten years, deletion of the sequence runs over for RETENTION_MONTHS and of the access log's rows past
 * ACCESS_LOG_RETENTION_DAYS (pg-boss cron, Swiss time; api/features/privacy/retention.ts says what goes).
 * Like the backup, a failed run is logged and not retried: the next one is a week away and redoes the same work.
 */
import type { Cron } from '../../platform/queue/scheduled.ts';
import { RETENTION_SCHEDULE, RETENTION_TIME_ZONE } from '../../platform/config-retention.ts';
import { deleteEndedSequenceRuns, runRetention } from './retention.ts';
import { purgeAccessLog } from './access-log.ts';

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
      const sequenceRunsDeleted = await deleteEndedSequenceRuns(deps.knex, deps.config.retention);
      const accessLogEntriesDeleted = await purgeAccessLog(deps.knex, deps.config.accessLogRetentionDays);
      deps.logger.info({ ...outcome, sequenceRunsDeleted, accessLogEntriesDeleted }, 'retention run');
    } catch (error) {
      deps.logger.error({ err: error }, 'retention run failed');
    }
  },
};
