import type { Knex } from 'knex';

/**
 * The task list: an activity can be assigned to a user; deleting that user leaves the task
 * unassigned rather than deleting it. The partial index serves the task list and the dashboard's "Tâches du
 * jour", which only ever read open activities (planned or in progress) by due date.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activities', (table) => {
    table.integer('assigned_to').references('users.id').onDelete('SET NULL');
  });
  await knex.raw(`create index activities_open_due_idx on activities (due_date, id) where status in ('planned', 'in_progress')`);
  await knex.raw(`create index activities_assigned_open_idx on activities (assigned_to) where status in ('planned', 'in_progress')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists activities_assigned_open_idx');
  await knex.raw('drop index if exists activities_open_due_idx');
  await knex.schema.alterTable('activities', (table) => {
    table.dropColumn('assigned_to');
  });
}
