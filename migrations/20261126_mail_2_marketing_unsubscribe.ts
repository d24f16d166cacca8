import type { Knex } from 'knex';
import { addEmailKinds, removeEmailKinds } from './helpers/allowed-values.ts';

/**
 * Decisions 090 and 091: a person who cancels with an e-mail's link is told (`registration_cancelled`),
 * and a contact can stop the marketing e-mails (invitations, follow-ups) in one click: the time they did
 * is kept on the contact (erased and exported with it).
 */
export async function up(knex: Knex): Promise<void> {
  await addEmailKinds(knex, ['registration_cancelled']);
  await knex.schema.alterTable('leads', (table) => {
    table.timestamp('webinar_marketing_unsubscribed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (table) => {
    table.dropColumn('webinar_marketing_unsubscribed_at');
  });
  await removeEmailKinds(knex, ['registration_cancelled']);
}
