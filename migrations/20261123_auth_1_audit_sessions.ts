import type { Knex } from 'knex';

/**
 * Sign-in security:
 * - audit_events: what happened, when, by whom (user id and IP prefix only: never a password, a typed
 *   login identifier or a session id);
 * - sessions carry their user (so a password change can end the others) and what the session list shows;
 *   the session list exposes `public_id`, never the cookie value or its hash;
 * - rate_limits no longer hold typed identifiers: per-account counters are keyed by user id or by an
 *   HMAC of the identifier, so the old `login:account:<what was typed>` rows are dropped.
 */
const AUDIT_TYPES = ['login_succeeded', 'login_failed', 'login_locked', 'admin_setup', 'password_changed', 'session_revoked', 'lead_deleted', 'webinar_deleted'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_events', (table) => {
    table.bigIncrements('id');
    table.text('type').notNullable();
    table.integer('user_id').references('users.id').onDelete('SET NULL');
    table.text('ip_prefix');
    table.jsonb('details').notNullable().defaultTo('{}');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // DDL takes no bound parameters: the (constant, quote-free) type names are written inline.
  await knex.raw(`alter table audit_events add constraint audit_events_type_check check (type in (${AUDIT_TYPES.map((type) => `'${type}'`).join(', ')}))`);
  await knex.raw('create index audit_events_created_at_id_idx on audit_events (created_at desc, id desc)');
  await knex.raw('create index audit_events_type_created_at_idx on audit_events (type, created_at desc)');

  // Sessions opened before this migration hold none of the new columns: they end once, at deployment.
  await knex('sessions').delete();
  await knex.schema.alterTable('sessions', (table) => {
    table.integer('user_id').references('users.id').onDelete('CASCADE');
    table.text('public_id');
    table.timestamp('created_at', { useTz: true });
    table.timestamp('last_seen_at', { useTz: true });
    table.text('browser');
    table.text('ip_prefix');
    table.unique(['public_id']);
    table.index(['user_id']);
  });

  await knex('rate_limits').where('key', 'like', 'login:account:%').delete();
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (table) => {
    table.dropIndex(['user_id']);
    table.dropUnique(['public_id']);
    table.dropColumn('ip_prefix');
    table.dropColumn('browser');
    table.dropColumn('last_seen_at');
    table.dropColumn('created_at');
    table.dropColumn('public_id');
    table.dropColumn('user_id');
  });
  await knex.schema.dropTableIfExists('audit_events');
}
