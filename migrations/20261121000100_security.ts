import type { Knex } from 'knex';

/**
 * Shared state for the security features, kept in PostgreSQL so several API processes agree:
 * - rate_limits: fixed-window counters (login, setup-admin and lead submissions);
 * - idempotency_keys: the first answer to a public form submission, replayed for retries of the same key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (table) => {
    table.text('key').primary();
    table.integer('points').notNullable();
    table.timestamp('reset_at', { useTz: true }).notNullable();
    table.index(['reset_at']);
  });
  await knex.schema.createTable('idempotency_keys', (table) => {
    table.text('key').primary();
    table.text('request_hash').notNullable();
    table.integer('response_status');
    table.jsonb('response_body');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('idempotency_keys');
  await knex.schema.dropTableIfExists('rate_limits');
}
