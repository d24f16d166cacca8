import type { Knex } from 'knex';
import { addAllowedValues, addEmailKinds, CONSENT_FORMS, removeAllowedValues, removeEmailKinds } from './helpers/allowed-values.ts';

/**
 * The discovery call's booking (docs/decisions/104-booking-storage-and-double-booking.md):
 * - `booking_settings`: the one kind of call (a single row, id 1);
 * - `booking_hosts`: a user's weekly schedule and date overrides (Swiss time, as the admin typed them),
 *   their video link, their calendar feed's address and what its last reading found (busy times only,
 *   never titles), and the secret token of their own subscription feed;
 * - `bookings`: one call, its person (a contact) and host, its time and the blocked range it held when
 *   it was made (buffers included). Two live bookings of one host never overlap: the exclusion
 *   constraint (btree_gist, in PGlite's contrib as in PostgreSQL's) refuses the second one even when two
 *   requests check the same free slot at the same instant.
 */
/** The person's confirmation, reminders, update and cancellation; the host's alert; the team's alert about an unreadable feed. */
const BOOKING_KINDS = ['booking_confirmation', 'booking_reminder', 'booking_update', 'booking_cancelled', 'booking_host_alert', 'booking_feed_alert'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists btree_gist');

  await knex.raw(`
    create table booking_settings (
      id smallint primary key default 1 check (id = 1),
      duration_minutes integer not null default 30 check (duration_minutes between 15 and 120),
      buffer_before_minutes integer not null default 0 check (buffer_before_minutes between 0 and 240),
      buffer_after_minutes integer not null default 10 check (buffer_after_minutes between 0 and 240),
      minimum_notice_minutes integer not null default 720 check (minimum_notice_minutes between 0 and 43200),
      horizon_days integer not null default 30 check (horizon_days between 1 and 365),
      slot_step_minutes integer not null default 30 check (slot_step_minutes between 5 and 240),
      daily_cap_per_host integer check (daily_cap_per_host between 1 and 100),
      mode text not null default 'video' check (mode in ('video', 'phone')),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('insert into booking_settings (id) values (1)');

  await knex.raw(`
    create table booking_hosts (
      user_id integer primary key references users (id) on delete cascade,
      is_host boolean not null default false,
      weekly jsonb not null default '[]',
      overrides jsonb not null default '[]',
      video_url text,
      feed_url text,
      feed_status text not null default 'none' check (feed_status in ('none', 'ok', 'failed')),
      feed_read_at timestamptz,
      feed_checked_at timestamptz,
      feed_error text,
      feed_busy jsonb not null default '[]',
      feed_alerted_at timestamptz,
      calendar_token text not null unique,
      updated_at timestamptz not null default now()
    )`);

  await knex.raw(`
    create table bookings (
      id serial primary key,
      uid text not null unique,
      lead_id integer not null references leads (id) on delete cascade,
      host_id integer not null references users (id) on delete restrict,
      activity_id integer references activities (id) on delete set null,
      start_at timestamptz not null,
      end_at timestamptz not null,
      blocked tstzrange not null,
      status text not null default 'confirmed' check (status in ('confirmed', 'held', 'no-show', 'cancelled')),
      mode text not null check (mode in ('video', 'phone')),
      video_url text,
      phone text,
      message text,
      sequence integer not null default 0 check (sequence >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      cancelled_at timestamptz,
      check (end_at > start_at),
      check (lower(blocked) <= start_at and upper(blocked) >= end_at),
      constraint bookings_no_overlap exclude using gist (host_id with =, blocked with &&) where (status <> 'cancelled')
    )`);
  await knex.raw('create index bookings_start_idx on bookings (start_at)');
  await knex.raw('create index bookings_lead_idx on bookings (lead_id)');

  // A booking's e-mails go with it (erasure deletes the contact, hence the bookings, hence their e-mails).
  await knex.raw('alter table emails add column booking_id integer references bookings (id) on delete cascade');
  await knex.raw('create index emails_booking_idx on emails (booking_id) where booking_id is not null');
  await addEmailKinds(knex, BOOKING_KINDS);

  // The privacy notice shown beside the booking form is recorded like the other forms'.
  await addAllowedValues(knex, CONSENT_FORMS, ['booking']);
}

export async function down(knex: Knex): Promise<void> {
  await removeAllowedValues(knex, CONSENT_FORMS, ['booking']);
  await removeEmailKinds(knex, BOOKING_KINDS);
  await knex.raw('alter table emails drop column booking_id');
  await knex.raw('drop table if exists bookings');
  await knex.raw('drop table if exists booking_hosts');
  await knex.raw('drop table if exists booking_settings');
}
