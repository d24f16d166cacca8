import type { Knex } from 'knex';

/**
 * Editing a webinar's date, time, duration or join link sends registrants a new calendar
 * file with the same UID. Calendars apply it only if its SEQUENCE is higher than the one they hold, so
 * the webinar counts its schedule changes (`calendar_sequence`, raised on each such change) and every
 * calendar file about it carries that number (a cancellation one more).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webinars', (table) => {
    table.integer('calendar_sequence').notNullable().defaultTo(0);
  });
  await knex.raw('alter table webinars add constraint webinars_calendar_sequence_check check (calendar_sequence >= 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webinars', (table) => {
    table.dropColumn('calendar_sequence');
  });
}
