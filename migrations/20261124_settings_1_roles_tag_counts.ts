import type { Knex } from 'knex';
import { createStatementTriggers, dropStatementTriggers, triggerFunction } from './helpers/statement-triggers.ts';

/**
 * Users and tags.
 * - `users.role` ('admin' | 'viewer') is the one source of a user's rights; `is_admin` stays readable for
 *   the code that asks "who are the administrators?", as a column generated from the role (decision 065).
 * - `users.active`: a deactivated account can no longer sign in, and its sessions are deleted at once.
 * - `lead_tag_counts`: the number of contacts per tag without reading a million rows, kept by
 *   statement-level triggers the way `lead_counts` is (insert-only deltas, folded by
 *   `compactTagCounts()`); `tag_key` is the lower-cased tag, `tag` the spelling (decision 066).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table users add column role text not null default 'viewer', add column active boolean not null default true`);
  await knex.raw(`update users set role = case when is_admin then 'admin' else 'viewer' end`);
  await knex.raw(`alter table users add constraint users_role_check check (role in ('admin', 'viewer'))`);
  await knex.raw('alter table users drop column is_admin');
  await knex.raw(`alter table users add column is_admin boolean generated always as (role = 'admin') stored`);

  await knex.raw(`
    create table lead_tag_counts (
      id bigserial primary key,
      tag_key text not null,
      tag text not null,
      delta bigint not null
    )`);
  await knex.raw('create index lead_tag_counts_tag_key_idx on lead_tag_counts (tag_key)');
  const change = (rows: string, sign: string) => `select lower(tag), tag, ${sign}1 as change from ${rows}, unnest(${rows}.tags) as tag`;
  const delta = (rows: string, sign: string) => `insert into lead_tag_counts (tag_key, tag, delta)
      select lower(tag), tag, ${sign}count(*) from ${rows}, unnest(${rows}.tags) as tag group by lower(tag), tag;`;
  await knex.raw(triggerFunction('lead_tag_counts_after_insert', delta('new_rows', '')));
  await knex.raw(triggerFunction('lead_tag_counts_after_delete', delta('old_rows', '-')));
  await knex.raw(
    triggerFunction(
      'lead_tag_counts_after_update',
      `insert into lead_tag_counts (tag_key, tag, delta)
      -- A column list (UPDATE OF tags) cannot carry transition tables: every update is looked at, few change tags.
      select key, spelling, sum(change) from (
        ${change('old_rows', '-')}
        union all
        ${change('new_rows', '')}
      ) as changes (key, spelling, change)
      group by key, spelling
      having sum(change) <> 0;`,
    ),
  );
  await createStatementTriggers(knex, 'lead_tag_counts');
  await knex.raw('insert into lead_tag_counts (tag_key, tag, delta) select lower(tag), tag, count(*) from leads, unnest(tags) as tag group by lower(tag), tag');
}

export async function down(knex: Knex): Promise<void> {
  await dropStatementTriggers(knex, 'lead_tag_counts');
  await knex.raw('drop table if exists lead_tag_counts');
  await knex.raw('alter table users drop column is_admin');
  await knex.raw(`alter table users add column is_admin boolean not null default false`);
  await knex.raw(`update users set is_admin = (role = 'admin')`);
  await knex.raw('alter table users drop constraint users_role_check, drop column role, drop column active');
}
