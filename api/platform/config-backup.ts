/**
 * The scheduled-backup variables, validated with zod like the rest of api/platform/config.ts (which spreads
 * `backupEnvSchema` into its schema and calls `backupConfig`).
 */
import path from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

/** Daily at 02:30, Swiss time: the quietest hour for a small business's site. */
export const DEFAULT_BACKUP_SCHEDULE = '30 2 * * *';
export const BACKUP_TIME_ZONE = 'Europe/Zurich';

function isCron(value: string): boolean {
  // pg-boss reads five fields (minute precision); cron-parser would also take a sixth (seconds).
  if (value.trim().split(/\s+/).length !== 5) return false;
  try {
    CronExpressionParser.parse(value, { tz: BACKUP_TIME_ZONE });
    return true;
  } catch {
    return false;
  }
}

export const backupEnvSchema = {
  BACKUP_SCHEDULE: z
    .string()
    .refine((value) => value === 'off' || isCron(value), 'une expression cron à 5 champs est attendue (ex. "30 2 * * *", heure suisse), ou off')
    .default(DEFAULT_BACKUP_SCHEDULE),
  BACKUP_KEEP: z.coerce
    .number({ error: 'un nombre entier entre 1 et 1000 est attendu' })
    .int('un nombre entier entre 1 et 1000 est attendu')
    .min(1, 'un nombre entier entre 1 et 1000 est attendu')
    .max(1000, 'un nombre entier entre 1 et 1000 est attendu')
    .default(14),
};

export interface BackupConfig {
  /** A five-field cron expression read in Europe/Zurich time, or undefined when scheduled backups are off. */
  schedule: string | undefined;
  /** How many scheduled backups stay in `folder`; older ones are removed. */
  keep: number;
  folder: string;
}

export function backupConfig(values: { BACKUP_SCHEDULE: string; BACKUP_KEEP: number }, dataDir: string): BackupConfig {
  return {
    schedule: values.BACKUP_SCHEDULE === 'off' ? undefined : values.BACKUP_SCHEDULE.trim(),
    keep: values.BACKUP_KEEP,
    folder: path.join(dataDir, 'backups'),
  };
}
