/**
 * Users and roles. Role and active changes run in one transaction holding an advisory lock,
 * so two administrators demoting each other at the same moment cannot leave the team without one.
 */
import type { Knex } from 'knex';
import { User } from '../../models/index.ts';
import type { PasswordHasher } from '../../platform/lib/password-hasher.ts';
import type { ProfileUpdate, UserCreate } from './contract/index.ts';
import type { UserRole } from '../../contract/options.ts';
import { USER_NOT_FOUND_MESSAGE } from './contract/index.ts';
import { assertStrongPassword, findAccount } from './auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';

export const LAST_ADMIN_MESSAGE = 'Il doit rester au moins un administrateur actif : ce compte ne peut pas être rétrogradé ni désactivé.';
export const EMAIL_TAKEN_MESSAGE = 'Un compte avec cet email existe déjà.';
const ROLE_CHANGE_LOCK = 7_150_015;

export async function listUsers(db: Knex): Promise<User[]> {
  return User.query(db).orderBy([{ column: 'active', order: 'desc' }, { column: 'lastName' }, { column: 'firstName' }, { column: 'id' }]);
}

export async function createUser(db: Knex, hasher: PasswordHasher, input: UserCreate): Promise<User> {
  await assertStrongPassword(input.password, [input.email, input.firstName, input.lastName]);
  if (await findAccount(db, input.email)) throw conflict(EMAIL_TAKEN_MESSAGE);
  const password = await hasher.hash(input.password);
  return User.query(db).insertAndFetch({
    username: input.email,
    email: input.email,
    password,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
  });
}

export interface UserChange {
  role?: UserRole;
  active?: boolean;
}

/**
 * Changes a user's role and/or active flag. Refuses (409) when it would leave no active administrator.
 * Deactivating deletes the user's sessions in the same transaction: they are signed out at once.
 */
export async function updateUser(db: Knex, id: number, change: UserChange): Promise<{ user: User; sessionsEnded: number }> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [ROLE_CHANGE_LOCK]);
    const user = await User.query(trx).findById(id).forUpdate();
    if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
    const role = change.role ?? user.role;
    const active = change.active ?? user.active;
    const losesAdmin = user.role === 'admin' && user.active && (role !== 'admin' || !active);
    if (losesAdmin) {
      const others = await trx('users').where({ role: 'admin', active: true }).whereNot({ id }).count({ total: '*' }).first();
      if (Number(others?.total ?? 0) === 0) throw conflict(LAST_ADMIN_MESSAGE);
    }
    const updated = await User.query(trx).patchAndFetchById(id, { role, active });
    const sessionsEnded = active ? 0 : (await trx('sessions').where({ userId: id }).delete().returning('sid')).length;
    return { user: updated, sessionsEnded };
  });
}

/** The signed-in user's own profile; a new email must be free (any letter case). */
export async function updateProfile(db: Knex, user: User, input: ProfileUpdate): Promise<User> {
  if (input.email !== undefined && input.email !== user.email.toLowerCase()) {
    const other = await findAccount(db, input.email);
    if (other && other.id !== user.id) throw conflict(EMAIL_TAKEN_MESSAGE);
  }
  const patch: Partial<User> = {};
  if (input.firstName !== undefined) patch.firstName = input.firstName;
  if (input.lastName !== undefined) patch.lastName = input.lastName;
  if (input.email !== undefined) Object.assign(patch, { email: input.email, username: input.email });
  if (input.bio !== undefined) patch.bio = input.bio;
  if (input.profileImageUrl !== undefined) patch.profileImageUrl = input.profileImageUrl;
  if (Object.keys(patch).length === 0) return user;
  return User.query(db).patchAndFetchById(user.id, patch);
}
