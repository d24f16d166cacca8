import type { Knex } from 'knex';
import { addAllowedValues, AUDIT_TYPES, removeAllowedValues } from './helpers/allowed-values.ts';

/**
 * The second factor's events are audited (docs/decisions/144-second-factor-totp-and-recovery-codes.md): a
 * factor added, removed, reset by an administrator, a wrong code, recovery codes renewed or one used.
 * Their details hold ids, kinds and counts, never a code or a secret.
 */
const TYPES = ['mfa_enrolled', 'mfa_removed', 'mfa_reset', 'mfa_failed', 'recovery_codes_regenerated', 'recovery_code_used'];

export async function up(knex: Knex): Promise<void> {
  await addAllowedValues(knex, AUDIT_TYPES, TYPES);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_events').whereIn('type', TYPES).delete();
  await removeAllowedValues(knex, AUDIT_TYPES, TYPES);
}
