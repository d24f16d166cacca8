import type { Knex } from 'knex';

/**
 * Proof of what each person was told, and the newsletter's double opt-in.
 *
 * - `consent_proofs`: one row per fact a person's consent rests on — the privacy notice shown with a
 *   public form (`notice_shown`: its version and content hash, the form), the newsletter requested,
 *   confirmed (with the IP prefix of the confirming request) or withdrawn. `lead_id` → leads ON DELETE
 *   CASCADE: the proofs are personal data and go with the contact. `idempotency_key` names the
 *   submission's `idempotency_keys` row (its payload hash is derived from the person's data), so the
 *   erasure can find and remove it.
 * - `leads.newsletter_*`: the subscription's state and dates; `newsletter_token` is the random secret of
 *   the confirmation and unsubscribe links (unique, so a link finds one contact only).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('consent_proofs', (table) => {
    table.bigIncrements('id');
    table.integer('lead_id').notNullable().references('leads.id').onDelete('CASCADE');
    table.text('kind').notNullable();
    table.text('form');
    table.text('notice_version');
    table.text('notice_hash');
    table.text('ip_prefix');
    table.text('idempotency_key');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['lead_id', 'created_at']);
  });
  await knex.raw(`
    alter table consent_proofs
      add constraint consent_proofs_kind_check check (kind in ('notice_shown', 'newsletter_requested', 'newsletter_confirmed', 'newsletter_unsubscribed')),
      add constraint consent_proofs_form_check check (form in ('contact', 'webinar', 'newsletter'))`);

  await knex.schema.alterTable('leads', (table) => {
    table.text('newsletter_status');
    table.timestamp('newsletter_requested_at', { useTz: true });
    table.timestamp('newsletter_confirmed_at', { useTz: true });
    table.timestamp('newsletter_unsubscribed_at', { useTz: true });
    table.text('newsletter_token');
    table.unique(['newsletter_token']);
  });
  await knex.raw(`alter table leads add constraint leads_newsletter_status_check check (newsletter_status in ('pending', 'subscribed', 'unsubscribed'))`);
  // The contacts list's newsletter filter.
  await knex.raw('create index leads_newsletter_status_idx on leads (newsletter_status) where newsletter_status is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists leads_newsletter_status_idx');
  await knex.raw('alter table leads drop constraint if exists leads_newsletter_status_check');
  await knex.schema.alterTable('leads', (table) => {
    table.dropUnique(['newsletter_token']);
    table.dropColumn('newsletter_token');
    table.dropColumn('newsletter_unsubscribed_at');
    table.dropColumn('newsletter_confirmed_at');
    table.dropColumn('newsletter_requested_at');
    table.dropColumn('newsletter_status');
  });
  await knex.schema.dropTableIfExists('consent_proofs');
}
