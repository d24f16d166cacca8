import type { Knex } from 'knex';
import { addAllowedValues, addEmailKinds, AUDIT_TYPES, removeAllowedValues, removeEmailKinds } from './helpers/allowed-values.ts';

/**
 * Offers after the discovery call (docs/decisions/130-offers-amounts-and-acceptance.md):
 * - `offers`: one offer to one contact — its lines (`[{label, quantity, unitPriceCents}]`), discount,
 *   the programme's start date, validity, instalments (1–12), message, and the amounts computed once
 *   from the VAT rate of the billing settings when it was written (integer centimes, VAT rounded half
 *   up). `content_hash` is the SHA-256 of what the person is shown, fixed when it is sent; acceptance
 *   records that hash again, the time and the IP prefix, as the consent proofs do, and the billing
 *   address typed on the page. "Expired" is computed (sent and valid_until before today, Swiss time).
 *   The database keeps the states consistent: a sent offer has its hash and time; an accepted one its
 *   acceptance facts and address, and at most one acceptance per offer (the status changes once, under
 *   the row's lock).
 * - lead_id ON DELETE CASCADE: an offer is personal data (the message, the address) and goes with the
 *   contact; its invoices keep their own copy of the lines, amounts and debtor (billing's migration),
 *   and `invoices.offer_id` becomes null (ON DELETE SET NULL).
 */
const OFFER_KINDS = ['offer_sent'];
const OFFER_AUDIT_TYPES = ['offer_created', 'offer_sent', 'offer_withdrawn', 'offer_accepted'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table offers (
      id serial primary key,
      lead_id integer not null references leads (id) on delete cascade,
      status text not null default 'draft' check (status in ('draft', 'sent', 'accepted', 'expired', 'withdrawn')),
      lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) between 1 and 20),
      discount_cents integer not null default 0 check (discount_cents >= 0),
      start_date date not null,
      valid_until date not null,
      instalments integer not null default 1 check (instalments between 1 and 12),
      message text check (char_length(message) <= 5000),
      net_cents integer not null check (net_cents >= 0),
      vat_cents integer not null check (vat_cents >= 0),
      total_cents integer not null check (total_cents = net_cents + vat_cents),
      vat_rate_basis_points integer check (vat_rate_basis_points between 0 and 10000),
      content_hash text,
      sent_at timestamptz,
      withdrawn_at timestamptz,
      accepted_at timestamptz,
      accepted_content_hash text,
      accepted_ip_prefix text,
      billing_name text,
      billing_street text,
      billing_building_number text,
      billing_postal_code text,
      billing_town text,
      billing_country text check (billing_country ~ '^[A-Z]{2}$'),
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (status = 'draft' or (sent_at is not null and content_hash is not null)),
      check (status <> 'accepted' or (accepted_at is not null and accepted_content_hash is not null and billing_street is not null
        and billing_postal_code is not null and billing_town is not null and billing_country is not null)),
      check (status <> 'withdrawn' or withdrawn_at is not null)
    )`);
  await knex.raw('create index offers_lead_idx on offers (lead_id, created_at desc)');
  await knex.raw('create index offers_status_idx on offers (status, created_at desc)');

  // Billing's migration (20261201) made invoices.offer_id without its foreign key: the offers table is this one.
  await knex.raw('alter table invoices add constraint invoices_offer_fk foreign key (offer_id) references offers (id) on delete set null');

  await addEmailKinds(knex, OFFER_KINDS);
  await addAllowedValues(knex, AUDIT_TYPES, OFFER_AUDIT_TYPES);
}

export async function down(knex: Knex): Promise<void> {
  await removeAllowedValues(knex, AUDIT_TYPES, OFFER_AUDIT_TYPES);
  await removeEmailKinds(knex, OFFER_KINDS);
  await knex.raw('alter table invoices drop constraint if exists invoices_offer_fk');
  await knex.raw('drop table if exists offers');
}
