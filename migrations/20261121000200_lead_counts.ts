import type { Knex } from 'knex';
import { createStatementTriggers, dropStatementTriggers, LEAD_COUNTS, triggerFunction } from './helpers/statement-triggers.ts';

/**
 * Exact contact counts without counting a million rows: statement-level triggers append the change in
 * the number of contacts per status to `lead_counts` (insert-only, so concurrent writers never wait on a
 * hot row); `sum(delta)` is the exact count. `compactLeadCounts()` (api/features/contacts/records/lead-counts.ts) folds the
 * rows from time to time. Transition tables: https://www.postgresql.org/docs/current/sql-createtrigger.html
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lead_counts (
      id bigserial primary key,
      status text not null,
      delta bigint not null
    )`);
  await knex.raw(triggerFunction('lead_counts_after_insert', LEAD_COUNTS.insert));
  await knex.raw(triggerFunction('lead_counts_after_delete', LEAD_COUNTS.delete));
  await knex.raw(triggerFunction('lead_counts_after_update', LEAD_COUNTS.update));
  await createStatementTriggers(knex, 'lead_counts');
  await knex.raw('insert into lead_counts (status, delta) select status, count(*) from leads group by status');
}

export async function down(knex: Knex): Promise<void> {
  await dropStatementTriggers(knex, 'lead_counts');
  await knex.raw('drop table if exists lead_counts');
}
