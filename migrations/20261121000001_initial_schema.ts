import type { Knex } from 'knex';

/**
 * Every entity of the data model, with its rules enforced by the database too:
 * NOT NULL on required fields, CHECKs for the closed lists of values and the webinar limits,
 * cascades from registrations and activities, one registration per (webinar, lead), one lead per email.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.raw('create extension if not exists unaccent');
  // unaccent() is only STABLE; this wrapper pins the dictionary so it can serve a generated column and an index.
  await knex.raw(`
    create or replace function immutable_unaccent(value text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, value) $$`);

  await knex.schema.createTable('users', (table) => {
    table.increments('id');
    table.text('username').notNullable();
    table.text('email').notNullable();
    table.text('password').notNullable();
    table.text('first_name');
    table.text('last_name');
    table.text('bio');
    table.text('profile_image_url');
    table.boolean('is_admin').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index users_username_unique on users (lower(username))');
  await knex.raw('create unique index users_email_unique on users (lower(email))');

  await knex.schema.createTable('leads', (table) => {
    table.increments('id');
    table.text('first_name').notNullable();
    table.text('last_name');
    table.text('email').notNullable();
    table.text('phone');
    table.text('company');
    table.text('country');
    table.text('city');
    table.text('message');
    table.text('type').notNullable().defaultTo('contact');
    table.text('source');
    table.text('status').notNullable().defaultTo('new');
    table.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    table.integer('assigned_to').references('users.id').onDelete('SET NULL');
    table.timestamp('last_contacted_at', { useTz: true });
    table.timestamp('next_follow_up_at', { useTz: true });
    table.text('notes');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    alter table leads
      add constraint leads_first_name_not_blank check (length(btrim(first_name)) > 0),
      add constraint leads_type_check check (type in ('contact', 'webinar')),
      add constraint leads_status_check check (status in ('new', 'contacted', 'qualified', 'unqualified')),
      add constraint leads_source_check check (source in ('form', 'webinar', 'referral', 'website', 'social', 'other')),
      add column search_text text generated always as (
        immutable_unaccent(lower(
          first_name || ' ' || coalesce(last_name, '') || ' ' || email || ' ' ||
          coalesce(company, '') || ' ' || coalesce(phone, '')
        ))
      ) stored`);
  await knex.raw('create unique index leads_email_unique on leads (lower(email))');
  // The admin list: newest first, ties broken by id.
  await knex.raw('create index leads_created_at_id_idx on leads (created_at desc, id desc)');
  await knex.raw('create index leads_search_text_trgm_idx on leads using gin (search_text gin_trgm_ops)');
  await knex.raw('create index leads_tags_idx on leads using gin (tags)');
  await knex.raw('create index leads_status_idx on leads (status)');

  await knex.schema.createTable('webinars', (table) => {
    table.increments('id');
    table.text('title').notNullable();
    table.text('description');
    table.timestamp('datetime', { useTz: true }).notNullable();
    table.integer('duration').notNullable().defaultTo(60);
    table.text('location').notNullable().defaultTo('online');
    table.integer('max_attendees').notNullable().defaultTo(100);
    table.text('registration_url');
    table.text('image_url');
    table.boolean('is_active').notNullable().defaultTo(true);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['datetime']);
  });
  await knex.raw(`
    alter table webinars
      add constraint webinars_title_not_blank check (length(btrim(title)) > 0),
      add constraint webinars_duration_range check (duration between 15 and 240),
      add constraint webinars_max_attendees_range check (max_attendees between 1 and 1000)`);

  await knex.schema.createTable('webinar_registrations', (table) => {
    table.increments('id');
    table.integer('webinar_id').notNullable().references('webinars.id').onDelete('CASCADE');
    table.integer('lead_id').notNullable().references('leads.id').onDelete('CASCADE');
    table.text('status').notNullable().defaultTo('registered');
    table.timestamp('registered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['webinar_id', 'lead_id']);
    table.index(['lead_id']);
    table.index(['webinar_id', 'registered_at']);
  });
  await knex.raw(`
    alter table webinar_registrations
      add constraint webinar_registrations_status_check check (status in ('registered', 'attended', 'no-show'))`);

  await knex.schema.createTable('activities', (table) => {
    table.increments('id');
    table.integer('lead_id').notNullable().references('leads.id').onDelete('CASCADE');
    table.text('type').notNullable().defaultTo('note');
    table.text('title').notNullable();
    table.text('description');
    table.text('status').notNullable().defaultTo('planned');
    table.text('outcome');
    table.timestamp('due_date', { useTz: true });
    table.timestamp('scheduled_at', { useTz: true });
    table.timestamp('completed_at', { useTz: true });
    table.integer('created_by').references('users.id').onDelete('SET NULL');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['lead_id', 'created_at']);
    table.index(['created_at']);
  });
  await knex.raw(`
    alter table activities
      add constraint activities_type_check check (type in ('note', 'call', 'email', 'meeting', 'task')),
      add constraint activities_status_check check (status in ('planned', 'in_progress', 'completed', 'cancelled'))`);

  await knex.schema.createTable('sessions', (table) => {
    table.text('sid').primary();
    table.json('sess').notNullable();
    table.timestamp('expire', { useTz: true }).notNullable();
    table.index(['expire']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sessions');
  await knex.schema.dropTableIfExists('activities');
  await knex.schema.dropTableIfExists('webinar_registrations');
  await knex.schema.dropTableIfExists('webinars');
  await knex.schema.dropTableIfExists('leads');
  await knex.schema.dropTableIfExists('users');
  await knex.raw('drop function if exists immutable_unaccent(text)');
}
