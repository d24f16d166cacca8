import type { Knex } from 'knex';

/**
 * The waiting list and the people waiting for the next session.
 * - `webinar_interests`: a webinar sign-up made while no session was planned. One row per contact
 *   (unique lead_id); `invited_webinar_id`/`invited_at` record the session the invitation was sent for,
 *   so the next session created invites only those not invited yet.
 * - the waiting list of a session is its `waitlisted` registrations, first come first served: an index
 *   on (webinar_id, status, registered_at, id) serves both the seat count and "who is next".
 * - `followup_checked_at` is not needed: the follow-up e-mail's unique cause key is the "sent once" record.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webinar_interests', (table) => {
    table.increments('id');
    table.integer('lead_id').notNullable().unique().references('leads.id').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.integer('invited_webinar_id').references('webinars.id').onDelete('SET NULL');
    table.timestamp('invited_at', { useTz: true });
  });
  await knex.raw('create index webinar_interests_waiting on webinar_interests (created_at, id) where invited_at is null');
  await knex.raw('create index webinar_registrations_status_queue on webinar_registrations (webinar_id, status, registered_at, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists webinar_registrations_status_queue');
  await knex.schema.dropTableIfExists('webinar_interests');
}
