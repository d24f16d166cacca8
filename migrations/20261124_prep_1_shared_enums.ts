import type { Knex } from 'knex';
import { addAllowedValues, addEmailKinds, AUDIT_TYPES, REGISTRATION_STATUSES, removeAllowedValues, removeEmailKinds } from './helpers/allowed-values.ts';

/**
 * The webinar funnel, privacy and the back office add values to three constrained lists. They are widened here, once, so the
 * features built in parallel do not each drop and re-create the same constraint:
 * - audit event types: exports, imports, bulk changes, tags, users, erasure;
 * - e-mail kinds: invitation, waiting-list promotion, update, follow-up, newsletter confirmation;
 * - registration statuses: `waitlisted` and `cancelled`.
 */
const NEW_AUDIT_TYPES = [
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
const NEW_KINDS = ['webinar_invitation', 'waitlist_promoted', 'webinar_update', 'webinar_followup', 'newsletter_confirmation'];
const NEW_STATUSES = ['waitlisted', 'cancelled'];

export async function up(knex: Knex): Promise<void> {
  await addAllowedValues(knex, AUDIT_TYPES, NEW_AUDIT_TYPES);
  await addEmailKinds(knex, NEW_KINDS);
  await addAllowedValues(knex, REGISTRATION_STATUSES, NEW_STATUSES);
}

export async function down(knex: Knex): Promise<void> {
  await removeAllowedValues(knex, AUDIT_TYPES, NEW_AUDIT_TYPES);
  await removeEmailKinds(knex, NEW_KINDS);
  await removeAllowedValues(knex, REGISTRATION_STATUSES, NEW_STATUSES);
}
