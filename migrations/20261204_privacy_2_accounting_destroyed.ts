import type { Knex } from 'knex';
import { addAllowedValues, AUDIT_TYPES, removeAllowedValues } from './helpers/allowed-values.ts';

/**
 * The retention run destroys the accounting records whose ten years have ended and records it as one
 * `accounting_records_destroyed` audit event holding counts only
 * (docs/decisions/143-accounting-records-destroyed-after-ten-years.md).
 */
const RETENTION_AUDIT_TYPES = ['accounting_records_destroyed'];

export async function up(knex: Knex): Promise<void> {
  await addAllowedValues(knex, AUDIT_TYPES, RETENTION_AUDIT_TYPES);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_events').whereIn('type', RETENTION_AUDIT_TYPES).delete();
  await removeAllowedValues(knex, AUDIT_TYPES, RETENTION_AUDIT_TYPES);
}
