import type { Knex } from 'knex';

/**
 * The webinar funnel, privacy and the back office add values to three constrained lists. They are widened here, once, so the
 * features built in parallel do not each drop and re-create the same constraint:
 * - audit event types: exports, imports, bulk changes, tags, users, erasure;
 * - e-mail kinds: invitation, waiting-list promotion, update, follow-up, newsletter confirmation;
 * - registration statuses: `waitlisted` and `cancelled`.
 */
const AUDIT_BEFORE = ['login_succeeded', 'login_failed', 'login_locked', 'admin_setup', 'password_changed', 'session_revoked', 'lead_deleted', 'webinar_deleted', 'backup_completed', 'backup_failed'];
const AUDIT_AFTER = [
  ...AUDIT_BEFORE,
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
const KINDS_BEFORE = ['webinar_confirmation', 'webinar_reminder', 'contact_acknowledgement', 'team_alert', 'webinar_cancelled'];
const KINDS_AFTER = [...KINDS_BEFORE, 'webinar_invitation', 'waitlist_promoted', 'webinar_update', 'webinar_followup', 'newsletter_confirmation'];
const STATUSES_BEFORE = ['registered', 'attended', 'no-show'];
const STATUSES_AFTER = [...STATUSES_BEFORE, 'waitlisted', 'cancelled'];

// DDL takes no bound parameters: the (constant, quote-free) values are written inline.
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

async function constrain(knex: Knex, audit: string[], kinds: string[], statuses: string[]): Promise<void> {
  await knex.raw('alter table audit_events drop constraint audit_events_type_check');
  await knex.raw(`alter table audit_events add constraint audit_events_type_check check (type in (${list(audit)}))`);
  await knex.raw('alter table emails drop constraint emails_kind_check');
  await knex.raw(`alter table emails add constraint emails_kind_check check (kind in (${list(kinds)}))`);
  await knex.raw('alter table webinar_registrations drop constraint webinar_registrations_status_check');
  await knex.raw(`alter table webinar_registrations add constraint webinar_registrations_status_check check (status in (${list(statuses)}))`);
}

export async function up(knex: Knex): Promise<void> {
  await constrain(knex, AUDIT_AFTER, KINDS_AFTER, STATUSES_AFTER);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_events').whereNotIn('type', AUDIT_BEFORE).delete();
  await knex('emails').whereNotIn('kind', KINDS_BEFORE).delete();
  await knex('webinar_registrations').whereNotIn('status', STATUSES_BEFORE).delete();
  await constrain(knex, AUDIT_BEFORE, KINDS_BEFORE, STATUSES_BEFORE);
}
