import type { Knex } from 'knex';
import { addAllowedValues, AUDIT_TYPES, removeAllowedValues } from './helpers/allowed-values.ts';

/**
 * Scheduled backups: each scheduled backup's outcome is an audit event
 * (`backup_completed`, `backup_failed`), which the dashboard reads back.
 */
const BACKUP_TYPES = ['backup_completed', 'backup_failed'];

export async function up(knex: Knex): Promise<void> {
  await addAllowedValues(knex, AUDIT_TYPES, BACKUP_TYPES);
}

export async function down(knex: Knex): Promise<void> {
  await removeAllowedValues(knex, AUDIT_TYPES, BACKUP_TYPES);
}
