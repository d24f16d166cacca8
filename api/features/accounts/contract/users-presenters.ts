import type { User } from '../../../models/index.ts';
import { iso, text } from '../../../contract/presenting.ts';

/** The signed-in user as the admin app sees it. Never the password hash. */
export function presentUser(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: text(user.firstName),
    lastName: text(user.lastName),
    bio: text(user.bio),
    profileImageUrl: text(user.profileImageUrl),
    isAdmin: user.role === 'admin',
    role: user.role,
  };
}
export type UserJson = ReturnType<typeof presentUser>;

/** A row of the admin's user list (`GET /api/admin/users`): who, which role, whether active. */
export function presentUserAccount(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: text(user.firstName),
    lastName: text(user.lastName),
    role: user.role,
    active: user.active,
    createdAt: iso(user.createdAt)!,
  };
}
export type UserAccountJson = ReturnType<typeof presentUserAccount>;
