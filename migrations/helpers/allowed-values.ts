import type { Knex } from 'knex';

/**
 * The lists a check constraint allows (`emails.kind`, `audit_events.type`, `webinar_registrations.status`):
 * a migration names only the values it adds or removes, and the list already allowed is read back from
 * the database (`pg_get_constraintdef`), so no migration writes the whole list again
 * (docs/decisions/118-migrations-name-only-the-values-they-add.md).
 * This folder is not a migration: the migration source takes only `migrations/<digits>_<name>.ts`.
 */
export interface AllowedList {
  table: string;
  column: string;
  /** The constraint's name, `<table>_<column>_check` by convention. */
  constraint: string;
}

export const EMAIL_KINDS: AllowedList = { table: 'emails', column: 'kind', constraint: 'emails_kind_check' };
export const AUDIT_TYPES: AllowedList = { table: 'audit_events', column: 'type', constraint: 'audit_events_type_check' };
export const CONSENT_FORMS: AllowedList = { table: 'consent_proofs', column: 'form', constraint: 'consent_proofs_form_check' };
export const REGISTRATION_STATUSES: AllowedList = {
  table: 'webinar_registrations',
  column: 'status',
  constraint: 'webinar_registrations_status_check',
};

// DDL takes no bound parameters: the values are written inline, so only plain names are accepted.
const PLAIN = /^[a-z][a-z0-9_-]*$/;

/** The values the constraint allows today, in its order. */
export async function allowedValues(knex: Knex, list: AllowedList): Promise<string[]> {
  const result = await knex.raw<{ rows: { definition: string }[] }>(
    `select pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where t.relname = ? and c.conname = ? and t.relnamespace = current_schema()::regnamespace`,
    [list.table, list.constraint],
  );
  const definition = result.rows[0]?.definition;
  if (!definition) throw new Error(`La contrainte ${list.constraint} est introuvable.`);
  return [...definition.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
}

/** Rewrites the constraint to allow exactly `values`, in this order. */
export async function allowOnly(knex: Knex, list: AllowedList, values: readonly string[]): Promise<void> {
  const wrong = values.find((value) => !PLAIN.test(value));
  if (wrong !== undefined) throw new Error(`Valeur refusée dans ${list.constraint} : ${wrong}`);
  const inline = values.map((value) => `'${value}'`).join(', ');
  await knex.raw(`alter table ${list.table} drop constraint ${list.constraint}`);
  await knex.raw(`alter table ${list.table} add constraint ${list.constraint} check (${list.column} in (${inline}))`);
}

/** Allows `values` too, after those already allowed. */
export async function addAllowedValues(knex: Knex, list: AllowedList, values: readonly string[]): Promise<void> {
  const current = await allowedValues(knex, list);
  await allowOnly(knex, list, [...current, ...values.filter((value) => !current.includes(value))]);
}

/** Deletes the rows holding one of `values`, then stops allowing them (a migration's `down`). */
export async function removeAllowedValues(knex: Knex, list: AllowedList, values: readonly string[]): Promise<void> {
  await knex(list.table).whereIn(list.column, values).delete();
  const current = await allowedValues(knex, list);
  await allowOnly(
    knex,
    list,
    current.filter((value) => !values.includes(value)),
  );
}

/** A migration adding e-mail kinds calls this in `up`… */
export const addEmailKinds = (knex: Knex, kinds: readonly string[]) => addAllowedValues(knex, EMAIL_KINDS, kinds);
/** …and this in `down` (the e-mails of those kinds are deleted first). */
export const removeEmailKinds = (knex: Knex, kinds: readonly string[]) => removeAllowedValues(knex, EMAIL_KINDS, kinds);
