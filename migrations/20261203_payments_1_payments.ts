import type { Knex } from 'knex';
import { addAllowedValues, AUDIT_TYPES, removeAllowedValues } from './helpers/allowed-values.ts';

/**
 * Payments read from the bank's camt files (docs/decisions/133-bank-file-import-and-matching.md):
 * - `bank_files`: each imported file and its counts (no personal data);
 * - `payments`: one row per bank transaction. `acct_svcr_ref` (the bank's reference) is unique: a file
 *   imported twice, even by two people at once, writes each transaction once (the second insert waits on
 *   the first's index entry, then finds it). `invoice_id` is the invoice it was applied to (`matched`,
 *   `partial`), or the one its reference names when it needs a person (`unmatched` with `over_payment`);
 *   `debtor_name` is personal data: an accounting record kept ten years (CO art. 958f), so erasing a
 *   contact keeps it (the invoice keeps its debtor too), and the contact's export lists it;
 * - `leads.is_client` (docs/decisions/134-client-status-and-revenue.md): true while one of the contact's
 *   invoices has received money and is not credited. A trigger on `invoices` keeps it, whatever code
 *   changes an invoice (a payment, a reversal, a credit note, an erasure's `set null`): it locks the
 *   contact's row first, so the state it then reads is the latest committed one even when two invoices
 *   of one contact change at once.
 */
const PAYMENTS_AUDIT_TYPES = ['bank_file_imported', 'payment_assigned'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table bank_files (
      id serial primary key,
      message text not null check (message in ('camt.053', 'camt.054')),
      version text not null check (version ~ '^[0-9]{2}$'),
      message_id text check (length(message_id) <= 35),
      account_iban text check (length(account_iban) <= 34),
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      entries integer not null check (entries >= 0),
      transactions integer not null check (transactions >= 0),
      matched integer not null default 0 check (matched >= 0),
      partial integer not null default 0 check (partial >= 0),
      unmatched integer not null default 0 check (unmatched >= 0),
      ignored integer not null default 0 check (ignored >= 0),
      duplicates integer not null default 0 check (duplicates >= 0),
      imported_by integer references users (id) on delete set null,
      imported_at timestamptz not null default now()
    )`);

  await knex.raw(`
    create table payments (
      id serial primary key,
      bank_file_id integer not null references bank_files (id) on delete restrict,
      acct_svcr_ref text not null unique check (length(acct_svcr_ref) between 1 and 140),
      invoice_id integer references invoices (id) on delete restrict,
      status text not null check (status in ('matched', 'partial', 'unmatched', 'ignored')),
      review_reason text check (review_reason in ('no_reference', 'unknown_reference', 'over_payment', 'invoice_closed', 'currency', 'reversal')),
      amount_cents integer not null check (amount_cents >= 0),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      direction text not null check (direction in ('credit', 'debit')),
      reversal boolean not null default false,
      reference text check (length(reference) <= 35),
      booking_date date not null,
      debtor_name text check (length(debtor_name) <= 140),
      reverses_payment_id integer references payments (id) on delete restrict,
      reversed boolean not null default false,
      assigned_by integer references users (id) on delete set null,
      assigned_at timestamptz,
      created_at timestamptz not null default now(),
      check ((status in ('matched', 'partial')) <= (invoice_id is not null)),
      check ((status = 'unmatched') = (review_reason is not null))
    )`);
  await knex.raw('create index payments_invoice_idx on payments (invoice_id)');
  await knex.raw(`create index payments_review_idx on payments (status, booking_date) where status = 'unmatched'`);
  await knex.raw('create index payments_file_idx on payments (bank_file_id)');
  await knex.raw('alter table leads add column is_client boolean not null default false');
  await knex.raw('create index leads_is_client_idx on leads (created_at desc, id desc) where is_client');
  await knex.raw(`
    create function refresh_lead_client(target integer) returns void language plpgsql as $$
    begin
      if target is null then return; end if;
      perform 1 from leads where id = target for update;
      update leads set is_client = exists (select 1 from invoices where lead_id = target and paid_cents > 0 and status <> 'credited')
       where id = target
         and is_client is distinct from exists (select 1 from invoices where lead_id = target and paid_cents > 0 and status <> 'credited');
    end $$`);
  await knex.raw(`
    create function invoices_refresh_client() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then perform refresh_lead_client(old.lead_id); end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.lead_id is distinct from old.lead_id) then perform refresh_lead_client(new.lead_id); end if;
      return null;
    end $$`);
  await knex.raw(`create trigger invoices_refresh_client after insert or delete or update of lead_id, paid_cents, status on invoices
                  for each row execute function invoices_refresh_client()`);
  await knex.raw(`update leads set is_client = true where id in (select lead_id from invoices where paid_cents > 0 and status <> 'credited')`);
  await addAllowedValues(knex, AUDIT_TYPES, PAYMENTS_AUDIT_TYPES);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_events').whereIn('type', PAYMENTS_AUDIT_TYPES).delete();
  await removeAllowedValues(knex, AUDIT_TYPES, PAYMENTS_AUDIT_TYPES);
  await knex.raw('drop trigger if exists invoices_refresh_client on invoices');
  await knex.raw('drop function if exists invoices_refresh_client()');
  await knex.raw('drop function if exists refresh_lead_client(integer)');
  await knex.raw('alter table leads drop column if exists is_client');
  await knex.raw('drop table if exists payments');
  await knex.raw('drop table if exists bank_files');
}
