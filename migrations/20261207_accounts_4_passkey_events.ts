import type { Knex } from 'knex';
import { addAllowedValues, AUDIT_TYPES, removeAllowedValues } from './helpers/allowed-values.ts';

/**
 * Passkeys (docs/decisions/146-passkeys.md):
 * - `webauthn_challenges`: each challenge the server hands out, single-use and valid 5 minutes, keyed by
 *   the SHA-256 of a random id that only a short signed cookie holds (a pending sign-in and the whole
 *   sign-in have no session to keep it in). `purpose` binds it to the ceremony that asked for it and
 *   `user_id` to the account, when there is one.
 * - the audit types `passkey_registered` and `passkey_failed`.
 */
const PASSKEY_AUDIT_TYPES = ['passkey_registered', 'passkey_failed'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table webauthn_challenges (
      id_hash text primary key check (id_hash ~ '^[0-9a-f]{64}$'),
      purpose text not null check (purpose in ('register', 'second-step', 'sign-in', 'reauth')),
      user_id integer references users (id) on delete cascade,
      challenge text not null check (length(challenge) between 16 and 200),
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index webauthn_challenges_expires_at_index on webauthn_challenges (expires_at)');
  await addAllowedValues(knex, AUDIT_TYPES, PASSKEY_AUDIT_TYPES);
}

export async function down(knex: Knex): Promise<void> {
  await removeAllowedValues(knex, AUDIT_TYPES, PASSKEY_AUDIT_TYPES);
  await knex.raw('drop table webauthn_challenges');
}
