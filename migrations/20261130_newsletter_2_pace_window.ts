import type { Knex } from 'knex';

/**
 * The newsletter's pace keeps its last minute of starts (decision 112): `newsletter_pace.recent_starts`,
 * the start times of the messages reserved in the past 60 seconds. A reservation is refused while that
 * minute already holds NEWSLETTER_RATE_PER_MINUTE starts, so the cap holds exactly over any sliding
 * minute, while `next_at` follows a regular grid that makes up a late start instead of losing it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table newsletter_pace add column recent_starts timestamptz[] not null default '{}'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table newsletter_pace drop column recent_starts');
}
