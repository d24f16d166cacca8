import type { Knex } from 'knex';

/**
 * The version of what the free starts are computed from (docs/decisions/126-free-starts-kept-computed-and-feeds-read-in-a-worker.md):
 * `booking_availability.version`, one row, raised by statement-level triggers in the very transaction of
 * every change the free starts depend on: the call's settings, a host's schedule, feed address or feed
 * reading, a booking made, moved or cancelled, an account (de)activated. A process keeps the free starts it
 * computed with the version it read first and serves them while the version is unchanged; since the
 * counter commits with the change, any instance on the same database sees it at its next request.
 */
const FUNCTION = 'booking_availability_bump';
const TRIGGERS: Array<{ name: string; table: string; events: string }> = [
  { name: 'booking_availability_settings', table: 'booking_settings', events: 'insert or update or delete or truncate' },
  {
    name: 'booking_availability_hosts',
    table: 'booking_hosts',
    events: 'insert or delete or update of is_host, weekly, overrides, feed_url, feed_status, feed_read_at, feed_busy or truncate',
  },
  { name: 'booking_availability_bookings', table: 'bookings', events: 'insert or delete or update of status, host_id, start_at, blocked or truncate' },
  { name: 'booking_availability_users', table: 'users', events: 'delete or update of active or truncate' },
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table booking_availability (
      id smallint primary key check (id = 1),
      version bigint not null default 0
    )`);
  await knex.raw('insert into booking_availability (id, version) values (1, 0)');
  await knex.raw(`
    create or replace function ${FUNCTION}() returns trigger language plpgsql as $$
    begin
      update booking_availability set version = version + 1 where id = 1;
      return null;
    end $$`);
  for (const trigger of TRIGGERS) {
    await knex.raw(`create trigger ${trigger.name} after ${trigger.events} on ${trigger.table} for each statement execute function ${FUNCTION}()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const trigger of TRIGGERS) await knex.raw(`drop trigger if exists ${trigger.name} on ${trigger.table}`);
  await knex.raw(`drop function if exists ${FUNCTION}()`);
  await knex.raw('drop table if exists booking_availability');
}
