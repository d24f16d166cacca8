import type { Knex } from 'knex';
import { addAllowedValues, AUDIT_TYPES, removeAllowedValues } from './helpers/allowed-values.ts';

/**
 * Re-authentication before what cannot be undone (docs/decisions/145-re-authentication.md): each proof
 * typed again (TOTP code, recovery code, or the password of an account without a factor) is recorded,
 * accepted or refused, with its method.
 */
const REAUTH_AUDIT_TYPES = ['reauth_succeeded', 'reauth_failed'];

export async function up(knex: Knex): Promise<void> {
  await addAllowedValues(knex, AUDIT_TYPES, REAUTH_AUDIT_TYPES);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_events').whereIn('type', REAUTH_AUDIT_TYPES).delete();
  await removeAllowedValues(knex, AUDIT_TYPES, REAUTH_AUDIT_TYPES);
}
