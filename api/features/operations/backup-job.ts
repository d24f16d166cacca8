/**
 * `backup`: the scheduled backup (pg-boss cron, BACKUP_SCHEDULE read in Swiss time). Whichever instance
 * with workers fetches the job writes the dump into its DATA_DIR/backups/ (api/features/operations/backup-take.ts). Each
 * outcome is an audit event: `backup_completed` (file name, size) or `backup_failed` (also logged as an
 * error), which the dashboard reads (api/features/operations/backup-stats.ts). A failed backup is not retried: the
 * next one is at most a schedule period away, and the failure stays visible until then.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { BACKUP_TIME_ZONE } from '../../platform/config-backup.ts';
import { takeScheduledBackup } from './backup-take.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import type { Cron } from '../../platform/queue/scheduled.ts';

export const BACKUP_QUEUE = 'backup';

export interface BackupDeps {
  config: Config;
  knex: Database;
  logger: Logger;
}

/** One scheduled backup, with its outcome recorded; never throws. */
export async function runScheduledBackup({ config, knex, logger }: BackupDeps): Promise<void> {
  const started = Date.now();
  try {
    const { file, removed } = await takeScheduledBackup({ knex, databaseUrl: config.databaseUrl }, config.backup.folder, config.backup.keep);
    const { size } = await stat(file);
    logger.info({ file, bytes: size, removed: removed.length, ms: Date.now() - started }, 'backup written');
    await recordAuditEvent(knex, { type: 'backup_completed', details: { file: path.basename(file), bytes: size } });
  } catch (error) {
    logger.error({ err: error }, 'backup failed');
    const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 300) : String(error);
    await recordAuditEvent(knex, { type: 'backup_failed', details: { message } }).catch((auditError: unknown) => {
      logger.error({ err: auditError }, 'backup failure could not be recorded');
    });
  }
}

/** `BACKUP_SCHEDULE=off` removes the schedule. */
export const backupCron: Cron = {
  queue: BACKUP_QUEUE,
  schedule: (config) => config.backup.schedule || undefined,
  timeZone: BACKUP_TIME_ZONE,
  // A dump of a large database may take a while.
  expireInSeconds: 3600,
  pollingIntervalSeconds: 5,
  run: runScheduledBackup,
};
