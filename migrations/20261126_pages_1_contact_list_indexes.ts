import type { Knex } from 'knex';

/**
 * A contact's page lists its activities and e-mails one page at a time, newest first, the id breaking
 * ties (docs/decisions/089-contact-lists-are-paginated.md). An index in exactly that order lets the
 * database read the first rows of one contact and stop, instead of sorting all of a contact's rows
 * (thousands after repeated public submissions) for every page. It replaces the (lead_id, created_at)
 * index, which it covers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index activities_lead_created_id_idx on activities (lead_id, created_at desc, id desc)');
  await knex.raw('drop index if exists activities_lead_id_created_at_index');
  await knex.raw('create index emails_lead_created_id_idx on emails (lead_id, created_at desc, id desc)');
  await knex.raw('drop index if exists emails_lead_id_created_at_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists emails_lead_id_created_at_index on emails (lead_id, created_at)');
  await knex.raw('drop index if exists emails_lead_created_id_idx');
  await knex.raw('create index if not exists activities_lead_id_created_at_index on activities (lead_id, created_at)');
  await knex.raw('drop index if exists activities_lead_created_id_idx');
}
