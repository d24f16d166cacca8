import type { Knex } from 'knex';
import { addEmailKinds, removeEmailKinds } from './helpers/allowed-values.ts';

/**
 * A sign-up put on the waiting list gets its own e-mail (`waitlist_joined`), which
 * says so and carries the link to leave the list, instead of only the notice on the page.
 */
export async function up(knex: Knex): Promise<void> {
  await addEmailKinds(knex, ['waitlist_joined']);
}

export async function down(knex: Knex): Promise<void> {
  await removeEmailKinds(knex, ['waitlist_joined']);
}
