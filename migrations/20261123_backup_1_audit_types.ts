import type { Knex } from 'knex';

/**
 * Scheduled backups: each scheduled backup's outcome is an audit event
 * (`backup_completed`, `backup_failed`), which the dashboard reads back.
 */
const BEFORE = ['login_succeeded', 'login_failed', 'login_locked', 'admin_setup', 'password_changed', 'session_revoked', 'lead_deleted', 'webinar_deleted'];
const AFTER = [...BEFORE, 'backup_completed', 'backup_failed'];

// DDL takes no bound parameters: the (constant, quote-free) type names are written inline.
const check = (types: string[]) => `alter table audit_events add constraint audit_events_type_check check (type in (${types.map((type) => `'${type}'`).join(', ')}))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table audit_events drop constraint audit_events_type_check');
  await knex.raw(check(AFTER));
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_events').whereIn('type', ['backup_completed', 'backup_failed']).delete();
  await knex.raw('alter table audit_events drop constraint audit_events_type_check');
  await knex.raw(check(BEFORE));
}
