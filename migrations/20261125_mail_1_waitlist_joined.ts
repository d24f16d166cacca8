import type { Knex } from 'knex';

/**
 * A sign-up put on the waiting list gets its own e-mail (`waitlist_joined`), which
 * says so and carries the link to leave the list, instead of only the notice on the page.
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
];
const KINDS_AFTER = [...KINDS_BEFORE, 'waitlist_joined'];

// DDL takes no bound parameters: the (constant, quote-free) values are written inline.
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

async function constrain(knex: Knex, kinds: string[]): Promise<void> {
  await knex.raw('alter table emails drop constraint emails_kind_check');
  await knex.raw(`alter table emails add constraint emails_kind_check check (kind in (${list(kinds)}))`);
}

export async function up(knex: Knex): Promise<void> {
  await constrain(knex, KINDS_AFTER);
}

export async function down(knex: Knex): Promise<void> {
  await knex('emails').where({ kind: 'waitlist_joined' }).delete();
  await constrain(knex, KINDS_BEFORE);
}
