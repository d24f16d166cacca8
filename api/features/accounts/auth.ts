/**
 * Accounts: signing in, creating administrators (the first one from the login screen, any from the
 * command line), and changing a password. Every Argon2 computation goes through the bounded
 * `PasswordHasher`; every new password must pass the strength check.
 */
import type { Knex } from 'knex';
import { User } from '../../models/index.ts';
import type { PasswordHasher } from '../../platform/lib/password-hasher.ts';
import { weakPasswordReason } from '../../platform/lib/password-strength.ts';
import { badRequest, conflict } from '../../platform/errors.ts';

export const ADMIN_EXISTS_MESSAGE = 'Un compte administrateur existe déjà.';
export const INVALID_CREDENTIALS_MESSAGE = 'Identifiants invalides.';

/** Any number that no other feature uses for an advisory lock: serialises first-admin creation. */
const SETUP_ADMIN_LOCK = 7_301_001;

/** What a typed identifier is compared as: Unicode-normalised (NFKC), trimmed, lower case. */
export function normaliseIdentifier(identifier: string): string {
  return identifier.normalize('NFKC').trim().toLowerCase();
}

/** The account whose email or username is `identifier` (case- and Unicode-variant-insensitively). */
export async function findAccount(db: Knex, identifier: string): Promise<User | undefined> {
  const normalised = normaliseIdentifier(identifier);
  return User.query(db).whereRaw('lower(email) = ?', [normalised]).orWhereRaw('lower(username) = ?', [normalised]).orderBy('id').first();
}

/**
 * Whether `password` is the account's. An unknown account still costs one Argon2id verification, so
 * the answer takes the same time either way and nobody can tell which emails have an account.
 */
export async function checkPassword(hasher: PasswordHasher, user: User | undefined, password: string): Promise<boolean> {
  if (!user) return hasher.verifyDummy(password);
  return hasher.verify(password, user.password);
}

/** Throws 400 with the French reason when `password` is too guessable for this person. */
export async function assertStrongPassword(password: string, userInputs: Array<string | null | undefined>, path = 'password'): Promise<void> {
  const reason = await weakPasswordReason(password, userInputs);
  if (reason) throw badRequest(reason, [{ path, message: reason }]);
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
export async function createFirstAdmin(db: Knex, hasher: PasswordHasher, admin: NewAdmin): Promise<User> {
  await assertStrongPassword(admin.password, [admin.email, admin.firstName, admin.lastName]);
  // Hash outside the lock: it is the slow part (~0.1 s) and needs no database.
  const passwordHash = await hasher.hash(admin.password);
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SETUP_ADMIN_LOCK]);
    const existing = await trx('users').first('id');
    if (existing) throw conflict(ADMIN_EXISTS_MESSAGE);
    return insertAdmin(trx, admin, passwordHash);
  });
}

/**
 * Creates an administrator whatever accounts exist (`npm run admin:create`, run by whoever runs the
 * server). The email must be free.
 */
export async function createAdministrator(db: Knex, hasher: PasswordHasher, admin: NewAdmin): Promise<User> {
  await assertStrongPassword(admin.password, [admin.email, admin.firstName, admin.lastName]);
  const passwordHash = await hasher.hash(admin.password);
  if (await findAccount(db, admin.email)) throw conflict('Un compte avec cet email existe déjà.');
  return insertAdmin(db, admin, passwordHash);
}

/** The account row of an administrator: the email is also the login. */
async function insertAdmin(db: Knex, admin: NewAdmin, passwordHash: string): Promise<User> {
  return User.query(db).insertAndFetch({
    username: admin.email,
    email: admin.email,
    password: passwordHash,
    firstName: admin.firstName,
    lastName: admin.lastName,
    role: 'admin',
  });
}

/** Replaces the password of `user` (its strength already checked by the caller). */
export async function changePassword(db: Knex, hasher: PasswordHasher, user: User, newPassword: string): Promise<void> {
  const passwordHash = await hasher.hash(newPassword);
  await User.query(db).findById(user.id).patch({ password: passwordHash });
}

/** Whether any account exists (the login screen offers first-admin creation only when none does). */
export async function hasAnyUser(db: Knex): Promise<boolean> {
  return (await db('users').first('id')) !== undefined;
}
