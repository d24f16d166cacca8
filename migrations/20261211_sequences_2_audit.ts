import type { Knex } from 'knex';
import { addAllowedValues, AUDIT_TYPES, removeAllowedValues } from './helpers/allowed-values.ts';

/**
 * The sequences' changes in the security record (docs/decisions/155-sequences-audit-events.md): a sequence
 * created, changed, paused, resumed or deleted, and a contact's run stopped by hand.
 */
const SEQUENCE_AUDIT_TYPES = ['sequence_created', 'sequence_updated', 'sequence_paused', 'sequence_resumed', 'sequence_deleted', 'sequence_run_stopped'];

export async function up(knex: Knex): Promise<void> {
  await addAllowedValues(knex, AUDIT_TYPES, SEQUENCE_AUDIT_TYPES);
}

export async function down(knex: Knex): Promise<void> {
  await removeAllowedValues(knex, AUDIT_TYPES, SEQUENCE_AUDIT_TYPES);
}
