import type { Knex } from 'knex';

/**
 * A second factor for every back-office account (docs/decisions/144-second-factor-totp-and-recovery-codes.md,
 * docs/decisions/146-passkeys.md):
 * - `user_factors`: one row per factor. A TOTP factor holds its base32 secret and the last time step it
 *   accepted (a code of that step or an older one is refused: each code is used once); it counts only once
 *   `confirmed_at` is set (the user typed a first code). A passkey holds its credential id (unique across
 *   accounts), public key, signature counter and transports; it is confirmed when registered.
 * - `recovery_codes`: ten per enrolment, stored as SHA-256 hashes of high-entropy codes, each used once.
 * - `users.must_enrol_factor`: set when an administrator resets an account's factors; that account must
 *   enrol again at its next sign-in whatever `MFA_REQUIRED` says.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table user_factors (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      type text not null check (type in ('totp', 'passkey')),
      name text not null check (length(name) between 1 and 100),
      totp_secret text check (totp_secret ~ '^[A-Z2-7]+=*$'),
      totp_last_step bigint,
      credential_id text unique check (length(credential_id) between 1 and 1024),
      public_key bytea,
      sign_count bigint not null default 0 check (sign_count >= 0),
      transports jsonb not null default '[]',
      confirmed_at timestamptz,
      last_used_at timestamptz,
      created_at timestamptz not null default now(),
      check ((type = 'totp' and totp_secret is not null and credential_id is null)
          or (type = 'passkey' and credential_id is not null and public_key is not null and totp_secret is null))
    )`);
  await knex.raw('create index user_factors_user_id_index on user_factors (user_id)');

  await knex.raw(`
    create table recovery_codes (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
      used_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, code_hash)
    )`);

  await knex.raw('alter table users add column must_enrol_factor boolean not null default false');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop column must_enrol_factor');
  await knex.raw('drop table recovery_codes');
  await knex.raw('drop table user_factors');
}
