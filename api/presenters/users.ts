import type { User } from '../models/index.ts';
import { text } from './common.ts';

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
    isAdmin: user.isAdmin,
  };
}
export type UserJson = ReturnType<typeof presentUser>;
