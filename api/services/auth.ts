/**
 * Accounts: signing in and creating the first administrator.
 */
import type { Knex } from 'knex';
import { User } from '../models/index.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { conflict } from '../errors.ts';

export const ADMIN_EXISTS_MESSAGE = 'Un compte administrateur existe déjà.';
export const INVALID_CREDENTIALS_MESSAGE = 'Identifiants invalides.';

/** Any number that no other feature uses for an advisory lock: serialises first-admin creation. */
const SETUP_ADMIN_LOCK = 7_301_001;

/**
 * The account whose email or username matches `identifier` (case-insensitively) and whose password
 * matches. An unknown identifier still costs one Argon2id verification, so the answer takes the same
 * time either way and nobody can tell which emails have an account.
 */
export async function authenticate(db: Knex, identifier: string, password: string): Promise<User | undefined> {
  const user = await User.query(db)
    .whereRaw('lower(email) = lower(?)', [identifier])
    .orWhereRaw('lower(username) = lower(?)', [identifier])
    .orderBy('id')
    .first();
  const valid = await verifyPassword(password, user?.password ?? (await dummyPasswordHash()));
  return user && valid ? user : undefined;
}

export interface NewAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Creates the first administrator, only while no account exists at all. Two concurrent calls on an
 * empty database must not both succeed: the check and the insert run in one transaction holding an
 * advisory lock, so the second caller waits, then sees the first account and gets 409.
 */
export async function createFirstAdmin(db: Knex, admin: NewAdmin): Promise<User> {
  // Cheap early answer for the usual case (an account exists), before the costly hash.
  if (await hasAnyUser(db)) throw conflict(ADMIN_EXISTS_MESSAGE);
  // Hash outside the lock: it is the slow part (~0.1 s) and needs no database.
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SETUP_ADMIN_LOCK]);
    const existing = await trx('users').first('id');
    if (existing) throw conflict(ADMIN_EXISTS_MESSAGE);
    return User.query(trx).insertAndFetch({
      username: admin.email,
      email: admin.email,
      password: passwordHash,
      firstName: admin.firstName,
      lastName: admin.lastName,
      isAdmin: true,
    });
  });
}

/** Whether any account exists (the login screen offers first-admin creation only when none does). */
export async function hasAnyUser(db: Knex): Promise<boolean> {
  return (await db('users').first('id')) !== undefined;
}
