import type { Knex } from 'knex';

/**
 * Exact contact counts without counting a million rows: statement-level triggers append the change in
 * the number of contacts per status to `lead_counts` (insert-only, so concurrent writers never wait on a
 * hot row); `sum(delta)` is the exact count. `compactLeadCounts()` (api/features/contacts/lead-counts.ts) folds the
 * rows from time to time. Transition tables: https://www.postgresql.org/docs/current/sql-createtrigger.html
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lead_counts (
      id bigserial primary key,
      status text not null,
      delta bigint not null
    )`);
  await knex.raw(`
    create function lead_counts_after_insert() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (status, delta) select status, count(*) from new_rows group by status;
      return null;
    end $$`);
  await knex.raw(`
    create function lead_counts_after_delete() returns trigger language plpgsql as $$
    begin
      insert into lead_counts (status, delta) select status, -count(*) from old_rows group by status;
      return null;
    end $$`);
  await knex.raw(`
    create function lead_counts_after_update() returns trigger language plpgsql as $$
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
  await knex.raw(`create trigger lead_counts_insert after insert on leads referencing new table as new_rows
    for each statement execute function lead_counts_after_insert()`);
  await knex.raw(`create trigger lead_counts_delete after delete on leads referencing old table as old_rows
    for each statement execute function lead_counts_after_delete()`);
  await knex.raw(`create trigger lead_counts_update after update on leads referencing old table as old_rows new table as new_rows
    for each statement execute function lead_counts_after_update()`);
  await knex.raw('insert into lead_counts (status, delta) select status, count(*) from leads group by status');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists lead_counts_update on leads');
  await knex.raw('drop trigger if exists lead_counts_delete on leads');
  await knex.raw('drop trigger if exists lead_counts_insert on leads');
  await knex.raw('drop function if exists lead_counts_after_update()');
  await knex.raw('drop function if exists lead_counts_after_delete()');
  await knex.raw('drop function if exists lead_counts_after_insert()');
  await knex.raw('drop table if exists lead_counts');
}
