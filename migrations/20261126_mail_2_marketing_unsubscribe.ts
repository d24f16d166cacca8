import type { Knex } from 'knex';

/**
 * Decisions 090 and 091: a person who cancels with an e-mail's link is told (`registration_cancelled`),
 * and a contact can stop the marketing e-mails (invitations, follow-ups) in one click: the time they did
 * is kept on the contact (erased and exported with it).
 */
const KINDS_BEFORE = [
  'webinar_confirmation',
  'webinar_reminder',
  'contact_acknowledgement',
  'team_alert',
  'webinar_cancelled',
  'webinar_invitation',
  'waitlist_promoted',
  'webinar_update',
  'webinar_followup',
  'newsletter_confirmation',
  'waitlist_joined',
];
const KINDS_AFTER = [...KINDS_BEFORE, 'registration_cancelled'];

// DDL takes no bound parameters: the (constant, quote-free) values are written inline.
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

async function constrain(knex: Knex, kinds: string[]): Promise<void> {
  await knex.raw('alter table emails drop constraint emails_kind_check');
  await knex.raw(`alter table emails add constraint emails_kind_check check (kind in (${list(kinds)}))`);
}

export async function up(knex: Knex): Promise<void> {
  await constrain(knex, KINDS_AFTER);
  await knex.schema.alterTable('leads', (table) => {
    table.timestamp('webinar_marketing_unsubscribed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (table) => {
    table.dropColumn('webinar_marketing_unsubscribed_at');
  });
  await knex('emails').where({ kind: 'registration_cancelled' }).delete();
  await constrain(knex, KINDS_BEFORE);
}
