import type { Knex } from 'knex';
import { addAllowedValues, AUDIT_TYPES, removeAllowedValues } from './helpers/allowed-values.ts';

/**
 * An administrator's correction of a contact's first touch is audited (decision 115): one more audit
 * event type, `lead_origin_corrected` (its details: the contact's id and the new channel, no personal data).
 */
export async function up(knex: Knex): Promise<void> {
  await addAllowedValues(knex, AUDIT_TYPES, ['lead_origin_corrected']);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_events').where('type', 'lead_origin_corrected').delete();
  await removeAllowedValues(knex, AUDIT_TYPES, ['lead_origin_corrected']);
}
