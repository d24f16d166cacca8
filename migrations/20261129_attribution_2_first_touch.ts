import type { Knex } from 'knex';

/**
 * Every contact's first source (docs/decisions/115-first-touch-of-a-contact.md):
 * - `leads.first_touch_*`: where the person came from when they first wrote in — the channel (the
 *   visit channels of decision 111: search, social, email, referral, direct), the UTM source, medium and
 *   campaign, the referring domain, the landing page (a path of the site) and when. Set once, never
 *   overwritten by a later submission; only an administrator corrects it. An absent value is null.
 *   Bounded like the visit counts (100 characters per UTM value, 253 for a domain, 500 for a path).
 *   A touch always has its channel and its date; nothing else without them.
 * - `activities.touch`: the touch of one submission, on the note that submission wrote (a small JSON
 *   object of the same fields).
 * - one index for the contacts list's "Origine" filter (channel, then campaign).
 */
const VALUE = 100;
const DOMAIN = 253;
const PATH = 500;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table leads
      add column first_touch_channel text,
      add column first_touch_source text,
      add column first_touch_medium text,
      add column first_touch_campaign text,
      add column first_touch_referrer text,
      add column first_touch_landing_page text,
      add column first_touch_at timestamptz,
      add constraint leads_first_touch_channel_check
        check (first_touch_channel in ('search', 'social', 'email', 'referral', 'direct')),
      add constraint leads_first_touch_lengths check (
        length(first_touch_source) between 1 and ${VALUE}
        and length(first_touch_medium) between 1 and ${VALUE}
        and length(first_touch_campaign) between 1 and ${VALUE}
        and length(first_touch_referrer) between 1 and ${DOMAIN}
        and length(first_touch_landing_page) between 1 and ${PATH}
      ),
      add constraint leads_first_touch_complete check (
        (first_touch_channel is null) = (first_touch_at is null)
        and (first_touch_channel is not null or num_nonnulls(first_touch_source, first_touch_medium,
          first_touch_campaign, first_touch_referrer, first_touch_landing_page) = 0)
      )`);
  await knex.raw('create index leads_first_touch_idx on leads (first_touch_channel, first_touch_campaign) where first_touch_channel is not null');
  await knex.raw('create index leads_first_touch_campaign_idx on leads (first_touch_campaign) where first_touch_campaign is not null');

  await knex.raw(`
    alter table activities
      add column touch jsonb,
      add constraint activities_touch_check check (jsonb_typeof(touch) = 'object' and length(touch::text) <= 1500)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table activities drop column touch');
  await knex.raw('drop index if exists leads_first_touch_campaign_idx');
  await knex.raw('drop index if exists leads_first_touch_idx');
  await knex.raw(`
    alter table leads
      drop column first_touch_at,
      drop column first_touch_landing_page,
      drop column first_touch_referrer,
      drop column first_touch_campaign,
      drop column first_touch_medium,
      drop column first_touch_source,
      drop column first_touch_channel`);
}
