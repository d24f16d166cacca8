import type { Knex } from 'knex';

/**
 * Visits counted by the server itself (docs/decisions/111-visits-counted-on-the-server.md):
 * - `visit_daily_counts`: the only lasting data, daily totals per page and source and device class.
 *   `visits`: answers counted; `visitors`: visitors whose first view of this page that day this row
 *   holds (unique per day and page); `entries`: visitors whose first view of the site that day this row
 *   holds (unique per day for the whole site, credited to the source they came from first). An absent
 *   dimension is '' (not null) so that the upsert's conflict target matches it.
 * - `visit_salts`: the random key of each Swiss day's visitor hash, deleted after 48 hours.
 * - `visitor_first_sources`: each day's visitor hash with the first source it came from, kept at most
 *   48 hours (for crediting a sign-up later that day); `visitor_pages`: the pages each of these hashes
 *   has viewed that day (so a second view of a page is not a second visitor), kept as long.
 * No IP address or User-Agent is stored anywhere.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table visit_daily_counts (
      day date not null,
      path text not null,
      channel text not null check (channel in ('search', 'social', 'email', 'referral', 'direct')),
      source text not null default '',
      medium text not null default '',
      campaign text not null default '',
      referrer text not null default '',
      device text not null check (device in ('mobile', 'tablet', 'desktop')),
      visits integer not null default 0 check (visits >= 0),
      visitors integer not null default 0 check (visitors >= 0),
      entries integer not null default 0 check (entries >= 0),
      primary key (day, path, channel, source, medium, campaign, referrer, device)
    )`);

  await knex.raw(`
    create table visit_salts (
      day date primary key,
      salt text not null,
      created_at timestamptz not null default now()
    )`);

  await knex.raw(`
    create table visitor_first_sources (
      day date not null,
      visitor_hash text not null,
      channel text not null,
      source text not null default '',
      medium text not null default '',
      campaign text not null default '',
      referrer text not null default '',
      landing_page text not null,
      first_seen_at timestamptz not null,
      primary key (day, visitor_hash)
    )`);
  await knex.raw('create index visitor_first_sources_seen on visitor_first_sources (first_seen_at)');

  await knex.raw(`
    create table visitor_pages (
      day date not null,
      visitor_hash text not null,
      path text not null,
      primary key (day, visitor_hash, path)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table visitor_pages');
  await knex.raw('drop table visitor_first_sources');
  await knex.raw('drop table visit_salts');
  await knex.raw('drop table visit_daily_counts');
}
