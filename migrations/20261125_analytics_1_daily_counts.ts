import type { Knex } from 'knex';

/**
 * Analytics at a million contacts (decision 078): the number of contacts per arrival day (in
 * Zurich), source and current status, kept in `lead_daily_counts` by the same statement-level triggers
 * that keep `lead_counts` (one trigger call per statement writes both; insert-only deltas, so concurrent
 * writers never wait on a hot row; `compactLeadDailyCounts()` folds them). The analytics screen then reads
 * at most days × sources × statuses rows instead of every contact of the period.
 * It holds counts only, no personal data: erasing a contact is a delete, which the delete trigger subtracts.
 */
const DAY = `(created_at at time zone 'Europe/Zurich')::date`;

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
  await knex.raw(`
    create or replace function lead_counts_after_insert() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (status, delta) select status, count(*) from new_rows group by status;
      insert into lead_daily_counts (day, source, status, delta)
      select ${DAY}, source, status, count(*) from new_rows group by 1, 2, 3;
      return null;
    end $$`);
  await knex.raw(`
    create or replace function lead_counts_after_delete() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (status, delta) select status, -count(*) from old_rows group by status;
      insert into lead_daily_counts (day, source, status, delta)
      select ${DAY}, source, status, -count(*) from old_rows group by 1, 2, 3;
      return null;
    end $$`);
  // Most updates touch none of the three keys: the "having" keeps them from writing anything.
  await knex.raw(`
    create or replace function lead_counts_after_update() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (status, delta)
      select status, sum(change) from (
        select status, -1 as change from old_rows
        union all
        select status, 1 from new_rows
      ) as changes
      group by status
      having sum(change) <> 0;
      insert into lead_daily_counts (day, source, status, delta)
      select day, source, status, sum(change) from (
        select ${DAY} as day, source, status, -1 as change from old_rows
        union all
        select ${DAY}, source, status, 1 from new_rows
      ) as changes
      group by day, source, status
      having sum(change) <> 0;
      return null;
    end $$`);
  await knex.raw(`insert into lead_daily_counts (day, source, status, delta) select ${DAY}, source, status, count(*) from leads group by 1, 2, 3`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function lead_counts_after_insert() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (status, delta) select status, count(*) from new_rows group by status;
      return null;
    end $$`);
  await knex.raw(`
    create or replace function lead_counts_after_delete() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (status, delta) select status, -count(*) from old_rows group by status;
      return null;
    end $$`);
  await knex.raw(`
    create or replace function lead_counts_after_update() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (status, delta)
      select status, sum(change) from (
        select status, -1 as change from old_rows
        union all
        select status, 1 from new_rows
      ) as changes
      group by status
      having sum(change) <> 0;
      return null;
    end $$`);
  await knex.raw('drop table if exists lead_daily_counts');
}
