import type { Knex } from 'knex';
import { LEAD_COUNTS, triggerFunction } from './helpers/statement-triggers.ts';

/**
 * Analytics at a million contacts (decision 078): the number of contacts per arrival day (in
 * Zurich), source and current status, kept in `lead_daily_counts` by the same statement-level triggers
 * that keep `lead_counts` (one trigger call per statement writes both; insert-only deltas, so concurrent
 * writers never wait on a hot row; `compactLeadDailyCounts()` folds them). The analytics screen then reads
 * at most days × sources × statuses rows instead of every contact of the period.
 * It holds counts only, no personal data: erasing a contact is a delete, which the delete trigger subtracts.
 */
const DAY = `(created_at at time zone 'Europe/Zurich')::date`;
/** The contacts a statement added (`sign` '') or removed ('-'), per day, source and status. */
const dailyDelta = (rows: string, sign: string) => `insert into lead_daily_counts (day, source, status, delta)
      select ${DAY}, source, status, ${sign}count(*) from ${rows} group by 1, 2, 3;`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lead_daily_counts (
      id bigserial primary key,
      day date not null,
      source text,
      status text not null,
      delta bigint not null
    )`);
  await knex.raw('create index lead_daily_counts_day_idx on lead_daily_counts (day) include (source, status, delta)');
  await knex.raw(triggerFunction('lead_counts_after_insert', LEAD_COUNTS.insert, dailyDelta('new_rows', '')));
  await knex.raw(triggerFunction('lead_counts_after_delete', LEAD_COUNTS.delete, dailyDelta('old_rows', '-')));
  // Most updates touch none of the three keys: the "having" keeps them from writing anything.
  await knex.raw(
    triggerFunction(
      'lead_counts_after_update',
      LEAD_COUNTS.update,
      `insert into lead_daily_counts (day, source, status, delta)
      select day, source, status, sum(change) from (
        select ${DAY} as day, source, status, -1 as change from old_rows
        union all
        select ${DAY}, source, status, 1 from new_rows
      ) as changes
      group by day, source, status
      having sum(change) <> 0;`,
    ),
  );
  await knex.raw(`insert into lead_daily_counts (day, source, status, delta) select ${DAY}, source, status, count(*) from leads group by 1, 2, 3`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(triggerFunction('lead_counts_after_insert', LEAD_COUNTS.insert));
  await knex.raw(triggerFunction('lead_counts_after_delete', LEAD_COUNTS.delete));
  await knex.raw(triggerFunction('lead_counts_after_update', LEAD_COUNTS.update));
  await knex.raw('drop table if exists lead_daily_counts');
}
