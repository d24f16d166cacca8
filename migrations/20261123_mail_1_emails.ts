import type { Knex } from 'knex';

/**
 * Every e-mail is a row of `emails`, and webinars get an optional join link.
 *
 * - `cause_key` is unique: the job that produces an e-mail inserts it with `on conflict do nothing`, so
 *   a job that runs twice still yields one e-mail (e.g. `webinar_confirmation:registration:42`).
 * - `lead_id` → leads ON DELETE CASCADE: the rows hold the person's address and the text sent to them
 *   (team alerts included), so deleting or erasing the contact removes them (the erasure).
 * - `webinar_id` and `registration_id` → ON DELETE SET NULL: a webinar deleted with its registrations
 *   keeps the history of what was sent, including the cancellations sent because of the deletion.
 * - `data` is the snapshot of the facts the message is rendered from (title, date, join link, ...).
 * - `claimed_until` is a short lease taken by the worker while it talks to the SMTP server, so two
 *   workers never send the same row at the same time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webinars', (table) => {
    table.text('join_url');
  });

  await knex.schema.createTable('emails', (table) => {
    table.increments('id');
    table.text('kind').notNullable();
    table.text('cause_key').notNullable().unique();
    table.text('to_address').notNullable();
    table.text('subject');
    table.text('text_body');
    table.text('html_body');
    table.text('status').notNullable().defaultTo('queued');
    table.integer('attempts').notNullable().defaultTo(0);
    table.text('last_error');
    table.text('transport');
    table.text('message_id');
    table.jsonb('data').notNullable().defaultTo('{}');
    table.integer('lead_id').references('leads.id').onDelete('CASCADE');
    table.integer('webinar_id').references('webinars.id').onDelete('SET NULL');
    table.integer('registration_id').references('webinar_registrations.id').onDelete('SET NULL');
    table.integer('resent_from').references('emails.id').onDelete('SET NULL');
    table.timestamp('send_after', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('claimed_until', { useTz: true });
    table.timestamp('sent_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['lead_id', 'created_at']);
    table.index(['webinar_id']);
    table.index(['registration_id']);
  });
  await knex.raw(`
    alter table emails
      add constraint emails_kind_check check (kind in
        ('webinar_confirmation', 'webinar_reminder', 'contact_acknowledgement', 'team_alert', 'webinar_cancelled')),
      add constraint emails_status_check check (status in ('queued', 'sent', 'failed', 'cancelled')),
      add constraint emails_attempts_check check (attempts >= 0)`);
  // The Emails screen: newest first; filters by status and kind; search by recipient.
  await knex.raw('create index emails_created_at_id_idx on emails (created_at desc, id desc)');
  await knex.raw('create index emails_status_idx on emails (status, created_at desc)');
  await knex.raw('create index emails_to_trgm_idx on emails using gin (lower(to_address) gin_trgm_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('emails');
  await knex.schema.alterTable('webinars', (table) => {
    table.dropColumn('join_url');
  });
}
