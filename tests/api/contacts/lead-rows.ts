/** A contact row written straight into the database, as the list and change tests of the contacts need them. */
import type { Knex } from 'knex';

export async function insertLeadRow(knex: Knex, fields: Record<string, unknown>) {
  const [row] = await knex('leads')
    .insert({ firstName: 'Anne', email: `anne${Math.random()}@example.ch`, ...fields })
    .returning('*');
  return row;
}
