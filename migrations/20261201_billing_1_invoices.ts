import type { Knex } from 'knex';
import { addAllowedValues, addEmailKinds, AUDIT_TYPES, removeAllowedValues, removeEmailKinds } from './helpers/allowed-values.ts';

/**
 * Billing (docs/decisions/127-invoice-numbering-and-accounting-records.md):
 * - `billing_settings`: the creditor, IBAN, VAT and plans (a single row, id 1);
 * - `document_counters`: the last number given per kind of document and year. A number is taken by
 *   `insert … on conflict do update … returning` in the transaction that writes the document: the row
 *   stays locked until it commits, so two instances never get the same number, and a rolled-back
 *   transaction gives its number back (a PostgreSQL sequence would skip it);
 * - `invoices` and `credit_notes`: accounting records kept ten years (CO art. 958f). Erasing a contact
 *   sets `lead_id` to null and keeps the debtor's name and address written on the invoice.
 * Money is integer centimes (Rappen) everywhere.
 */
const BILLING_KINDS = ['invoice_issued', 'invoice_reminder', 'credit_note_issued'];
const BILLING_AUDIT_TYPES = ['billing_settings_updated', 'invoices_created', 'credit_note_created'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table billing_settings (
      id smallint primary key default 1 check (id = 1),
      creditor_name text not null default '' check (length(creditor_name) <= 70),
      creditor_street text not null default '' check (length(creditor_street) <= 70),
      creditor_building_number text check (length(creditor_building_number) <= 16),
      creditor_postal_code text not null default '' check (length(creditor_postal_code) <= 16),
      creditor_town text not null default '' check (length(creditor_town) <= 35),
      creditor_country text not null default 'CH' check (creditor_country ~ '^[A-Z]{2}$'),
      iban text check (iban ~ '^(CH|LI)[0-9]{2}[0-9A-Z]{17}$'),
      vat_number text check (vat_number ~ '^CHE-[0-9]{3}\\.[0-9]{3}\\.[0-9]{3} (TVA|MWST|IVA)$'),
      vat_rate_basis_points integer default 810 check (vat_rate_basis_points between 0 and 10000),
      payment_term_days integer not null default 30 check (payment_term_days between 0 and 120),
      plans jsonb not null default '[{"id":"individuel","label":"Individuel","priceCents":0},{"id":"entreprise","label":"Entreprise","priceCents":0}]',
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('insert into billing_settings (id) values (1)');

  await knex.raw(`
    create table document_counters (
      kind text not null check (kind in ('invoice', 'credit_note')),
      year integer not null check (year between 2000 and 2999),
      last integer not null check (last > 0),
      primary key (kind, year)
    )`);

  await knex.raw(`
    create table invoices (
      id serial primary key,
      number text not null unique,
      lead_id integer references leads (id) on delete set null,
      debtor_name text not null check (length(btrim(debtor_name)) > 0),
      debtor_street text not null,
      debtor_building_number text,
      debtor_postal_code text not null,
      debtor_town text not null,
      debtor_country text not null check (debtor_country ~ '^[A-Z]{2}$'),
      offer_id integer,
      instalment_index integer not null default 1,
      instalment_count integer not null default 1 check (instalment_count between 1 and 12),
      lines jsonb not null default '[]',
      discount_cents integer not null default 0 check (discount_cents >= 0),
      service_start_on date,
      net_cents integer not null check (net_cents >= 0),
      vat_cents integer not null check (vat_cents >= 0),
      total_cents integer not null check (total_cents > 0 and total_cents <= 99999999999),
      vat_rate_basis_points integer check (vat_rate_basis_points between 0 and 10000),
      currency text not null default 'CHF' check (currency = 'CHF'),
      reference text not null unique,
      iban text not null,
      issued_on date not null,
      due_on date not null,
      status text not null default 'open' check (status in ('scheduled', 'open', 'paid', 'credited')),
      paid_cents integer not null default 0 check (paid_cents >= 0),
      paid_at timestamptz,
      pdf bytea,
      reminders_sent integer not null default 0,
      created_at timestamptz not null default now(),
      check (instalment_index between 1 and instalment_count),
      check (net_cents + vat_cents = total_cents),
      check (due_on >= issued_on),
      check (status <> 'scheduled' or pdf is null),
      unique (offer_id, instalment_index)
    )`);
  await knex.raw('create index invoices_lead_idx on invoices (lead_id)');
  await knex.raw('create index invoices_status_due_idx on invoices (status, due_on)');

  await knex.raw(`
    create table credit_notes (
      id serial primary key,
      number text not null unique,
      invoice_id integer not null references invoices (id) on delete restrict,
      amount_cents integer not null check (amount_cents > 0),
      reason text not null check (length(btrim(reason)) between 1 and 500),
      refund_status text not null default 'to_refund' check (refund_status in ('to_refund', 'refunded')),
      pdf bytea,
      created_at timestamptz not null default now(),
      created_by integer references users (id) on delete set null
    )`);
  await knex.raw('create index credit_notes_invoice_idx on credit_notes (invoice_id)');

  await addEmailKinds(knex, BILLING_KINDS);
  await addAllowedValues(knex, AUDIT_TYPES, BILLING_AUDIT_TYPES);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_events').whereIn('type', BILLING_AUDIT_TYPES).delete();
  await removeAllowedValues(knex, AUDIT_TYPES, BILLING_AUDIT_TYPES);
  await removeEmailKinds(knex, BILLING_KINDS);
  await knex.raw('drop table if exists credit_notes');
  await knex.raw('drop table if exists invoices');
  await knex.raw('drop table if exists document_counters');
  await knex.raw('drop table if exists billing_settings');
}
