/**
 * Who is calling. `requireUser` (any signed-in account) and `requireAdmin` (an account with `isAdmin`)
 * load the user named by the session and put it in `ctx.state.user`; 401 when nobody is signed in
 * (or the account was deleted since), 403 when signed in without the admin flag.
 */
import type { Context, Next } from 'koa';
import { User } from '../models/index.ts';
import { forbidden, unauthorized } from '../errors.ts';

declare module 'koa' {
  interface DefaultState {
    user?: User;
  }
}

export async function currentUser(ctx: Context): Promise<User | undefined> {
  if (ctx.state.user) return ctx.state.user as User;
  const userId = ctx.session?.userId;
  if (typeof userId !== 'number') return undefined;
  const user = await User.query(ctx.knex).findById(userId);
  if (!user) {
    // The account is gone: forget the session rather than keep answering 401 on a live cookie.
    ctx.session = null;
    return undefined;
  }
  ctx.state.user = user;
  return user;
}

export async function requireUser(ctx: Context, next: Next): Promise<void> {
  // Personal data: never kept by a browser or proxy cache.
  ctx.set('Cache-Control', 'no-store');
  if (!(await currentUser(ctx))) throw unauthorized();
  return next();
}

export async function requireAdmin(ctx: Context, next: Next): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  const user = await currentUser(ctx);
  if (!user) throw unauthorized();
  if (!user.isAdmin) throw forbidden();
  return next();
}

/** The signed-in user of a route guarded by `requireUser`/`requireAdmin`. */
export function signedInUser(ctx: Context): User {
  const user = ctx.state.user as User | undefined;
  if (!user) throw unauthorized();
  return user;
}
