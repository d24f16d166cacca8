import type { Knex } from 'knex';

/**
 * Newsletter issues and their sending (docs/decisions/112-newsletter-sending.md):
 * - `newsletters`: one issue, its content (Markdown), audience tags, state and archive choice. The
 *   slug of a published issue is unique; a scheduled issue has its time, a sent one its end time.
 * - `emails.newsletter_id`: an issue's rows (kind `newsletter_issue`, one per recipient, cause key
 *   `newsletter:<issue>:<lead>`) and its test sends. ON DELETE SET NULL: only a draft can be deleted,
 *   and its test sends stay in the e-mail history. The partial index serves the dispatcher's pick.
 * - `newsletter_pace`: one row, the earliest time the next newsletter message may start. Reserving
 *   that time under the row's lock, by the database clock, spaces messages across instances.
 * - `leads.newsletter_status` gains `bounced`: the server refused the address for good.
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
  'registration_cancelled',
  'booking_confirmation',
  'booking_reminder',
  'booking_update',
  'booking_cancelled',
  'booking_host_alert',
  'booking_feed_alert',
];
const NEWSLETTER_KINDS = ['newsletter_issue', 'newsletter_test', 'newsletter_paused_alert'];

// DDL takes no bound parameters: the (constant, quote-free) values are written inline.
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

async function constrainKinds(knex: Knex, kinds: string[]): Promise<void> {
  await knex.raw('alter table emails drop constraint emails_kind_check');
  await knex.raw(`alter table emails add constraint emails_kind_check check (kind in (${list(kinds)}))`);
}

async function constrainNewsletterStatus(knex: Knex, statuses: string[]): Promise<void> {
  await knex.raw('alter table leads drop constraint leads_newsletter_status_check');
  await knex.raw(`alter table leads add constraint leads_newsletter_status_check check (newsletter_status in (${list(statuses)}))`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table newsletters (
      id serial primary key,
      subject text not null check (char_length(subject) between 1 and 200),
      preheader text not null default '' check (char_length(preheader) <= 200),
      body text not null check (char_length(body) between 1 and 50000),
      tags text[] not null default '{}',
      archive boolean not null default false,
      slug text unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      status text not null default 'draft' check (status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')),
      scheduled_at timestamptz,
      started_at timestamptz,
      sent_at timestamptz,
      paused_reason text,
      refusals integer not null default 0 check (refusals >= 0),
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (status <> 'scheduled' or scheduled_at is not null),
      check (status <> 'sent' or sent_at is not null),
      check (status in ('draft', 'scheduled') or started_at is not null)
    )`);
  await knex.raw('create index newsletters_created_idx on newsletters (created_at desc, id desc)');
  await knex.raw("create index newsletters_scheduled_idx on newsletters (scheduled_at) where status = 'scheduled'");

  await knex.raw('alter table emails add column newsletter_id integer references newsletters (id) on delete set null');
  await knex.raw('create index emails_newsletter_idx on emails (newsletter_id, status) where newsletter_id is not null');
  await knex.raw("create index emails_newsletter_queued_idx on emails (newsletter_id, id) where status = 'queued' and kind = 'newsletter_issue'");
  await constrainKinds(knex, [...KINDS_BEFORE, ...NEWSLETTER_KINDS]);

  await knex.raw(`
    create table newsletter_pace (
      id smallint primary key default 1 check (id = 1),
      next_at timestamptz not null default now()
    )`);
  await knex.raw('insert into newsletter_pace (id) values (1)');

  await constrainNewsletterStatus(knex, ['pending', 'subscribed', 'unsubscribed', 'bounced']);
}

export async function down(knex: Knex): Promise<void> {
  await knex('leads').where({ newsletterStatus: 'bounced' }).update({ newsletterStatus: 'unsubscribed' });
  await constrainNewsletterStatus(knex, ['pending', 'subscribed', 'unsubscribed']);
  await knex.raw('drop table if exists newsletter_pace');
  await knex('emails').whereIn('kind', NEWSLETTER_KINDS).delete();
  await constrainKinds(knex, KINDS_BEFORE);
  await knex.raw('alter table emails drop column newsletter_id');
  await knex.raw('drop table if exists newsletters');
}
