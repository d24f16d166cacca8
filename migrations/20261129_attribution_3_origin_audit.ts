import type { Knex } from 'knex';

/**
 * An administrator's correction of a contact's first touch is audited (decision 115): one more audit
 * event type, `lead_origin_corrected` (its details: the contact's id and the new channel, no personal data).
 */
const AUDIT_BEFORE = [
  'login_succeeded',
  'login_failed',
  'login_locked',
  'admin_setup',
  'password_changed',
  'session_revoked',
  'lead_deleted',
  'webinar_deleted',
  'backup_completed',
  'backup_failed',
  'leads_exported',
  'registrations_exported',
  'lead_exported',
  'lead_erased',
  'leads_imported',
  'leads_bulk_updated',
  'tag_renamed',
  'tag_deleted',
  'user_created',
  'user_updated',
];
const AUDIT_AFTER = [...AUDIT_BEFORE, 'lead_origin_corrected'];

// DDL takes no bound parameters: the (constant, quote-free) values are written inline.
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

async function constrain(knex: Knex, types: string[]): Promise<void> {
  await knex.raw('alter table audit_events drop constraint audit_events_type_check');
  await knex.raw(`alter table audit_events add constraint audit_events_type_check check (type in (${list(types)}))`);
}

export async function up(knex: Knex): Promise<void> {
  await constrain(knex, AUDIT_AFTER);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_events').where('type', 'lead_origin_corrected').delete();
  await constrain(knex, AUDIT_BEFORE);
}
