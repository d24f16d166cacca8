import type { Knex } from 'knex';

/**
 * The counters kept by statement-level triggers on `leads` (`lead_counts`, `lead_tag_counts`,
 * `lead_daily_counts`: insert-only deltas, decisions 066 and 078): each counter's three trigger functions
 * and triggers are written here once. This folder is not a migration: the migration source takes only
 * `migrations/<digits>_<name>.ts` (decision 118). The functions' text is kept as the migrations first wrote
 * it, so a database migrated with them is the same to the character.
 */

/** `create or replace function <name>()` running `statements`, one by line, then `return null`. */
export function triggerFunction(name: string, ...statements: string[]): string {
  return `
    create or replace function ${name}() returns trigger language plpgsql as $$
    begin
${statements.map((statement) => `      ${statement}\n`).join('')}      return null;
    end $$`;
}

/** The statements keeping `lead_counts` (contacts per status). */
export const LEAD_COUNTS = {
  insert: 'insert into lead_counts (status, delta) select status, count(*) from new_rows group by status;',
  delete: 'insert into lead_counts (status, delta) select status, -count(*) from old_rows group by status;',
  update: `insert into lead_counts (status, delta)
      select status, sum(change) from (
        select status, -1 as change from old_rows
        union all
        select status, 1 from new_rows
      ) as changes
      group by status
      having sum(change) <> 0;`,
};

/** `<prefix>_insert`, `_delete` and `_update` on `leads`, each calling `<prefix>_after_<event>()` once per statement. */
export async function createStatementTriggers(knex: Knex, prefix: string): Promise<void> {
  await knex.raw(`create trigger ${prefix}_insert after insert on leads referencing new table as new_rows
    for each statement execute function ${prefix}_after_insert()`);
  await knex.raw(`create trigger ${prefix}_delete after delete on leads referencing old table as old_rows
    for each statement execute function ${prefix}_after_delete()`);
  await knex.raw(`create trigger ${prefix}_update after update on leads referencing old table as old_rows new table as new_rows
    for each statement execute function ${prefix}_after_update()`);
}

/** Drops the three triggers of `prefix`, then their functions. */
export async function dropStatementTriggers(knex: Knex, prefix: string): Promise<void> {
  for (const event of ['update', 'delete', 'insert']) await knex.raw(`drop trigger if exists ${prefix}_${event} on leads`);
  for (const event of ['update', 'delete', 'insert']) await knex.raw(`drop function if exists ${prefix}_after_${event}()`);
}
