/**
 * Who is calling, and what they may do (decision 065).
 * - `requireUser`: any signed-in, active account (its own profile, password, sessions).
 * - `requireAdmin`: the back office. An administrator may do anything; a viewer ("Lecture seule") may
 *   only read (GET/HEAD). 401 when nobody is signed in, or the account was deleted or deactivated since.
 * - `readOnlyForViewers` (mounted once in api/app.ts): every state-changing request under the admin and
 *   CRM (and account) prefixes is refused to a viewer before any router runs, except the explicit
 *   allow-list of their own account, so a route added later without thinking
 *   of roles is covered too. tests/api/deny-by-default.test.ts walks the route table to check it.
 */
import type { Context, Next } from 'koa';
import { User } from '../../models/index.ts';
import { forbidden, HttpError, unauthorized } from '../errors.ts';

declare module 'koa' {
  interface DefaultState {
    user?: User;
  }
}

export const VIEWER_FORBIDDEN_MESSAGE = 'Votre rôle « Lecture seule » permet de consulter, pas de modifier.';

/** Paths where a viewer's state-changing requests are refused: the back office's API and the account API. */
export const ROLE_GUARDED_PATHS = /^\/api\/(admin|admin-dev|crm|simple-auth|auth)(\/|$)/;

/**
 * What a viewer may still change there, explicitly: signing in and out, and their own account (profile,
 * password, sessions, second factors). Anything else added under these prefixes is refused to viewers until listed here.
 */
export const VIEWER_ALLOWED_CHANGES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/api\/simple-auth\/(login|logout|setup-admin)$/ },
  { method: 'POST', path: /^\/api\/simple-auth\/password$/ },
  { method: 'PATCH', path: /^\/api\/simple-auth\/user$/ },
  { method: 'DELETE', path: /^\/api\/simple-auth\/sessions\/[^/]+$/ },
  // Their own second factor (decision 144): the sign-in's second step, adding, removing, new recovery codes.
  { method: 'POST', path: /^\/api\/simple-auth\/mfa(\/totp|\/totp\/[^/]+\/confirm|\/recovery-codes)?$/ },
  { method: 'DELETE', path: /^\/api\/simple-auth\/mfa\/[^/]+$/ },
  // Their own passkeys: registering one, signing in or confirming their identity with one (decision 146).
  { method: 'POST', path: /^\/api\/simple-auth\/(mfa\/passkey|mfa\/passkey\/options|passkey\/options|passkey\/verify|reauth\/passkey|reauth\/passkey\/options)$/ },
];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isReadOnlyRequest(method: string): boolean {
  return READ_METHODS.has(method.toUpperCase());
}

export async function currentUser(ctx: Context): Promise<User | undefined> {
  if (ctx.state.user) return ctx.state.user as User;
  const userId = ctx.session?.userId;
  if (typeof userId !== 'number') return undefined;
  const user = await User.query(ctx.knex).findById(userId);
  if (!user || !user.active) {
    // The account is gone or deactivated: forget the session rather than keep answering 401 on a live cookie.
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

function assertMayChange(ctx: Context, user: User): void {
  if (user.role === 'admin' || isReadOnlyRequest(ctx.method)) return;
  if (VIEWER_ALLOWED_CHANGES.some((allowed) => allowed.method === ctx.method && allowed.path.test(ctx.path))) return;
  throw new HttpError(403, VIEWER_FORBIDDEN_MESSAGE);
}

export async function requireAdmin(ctx: Context, next: Next): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  const user = await currentUser(ctx);
  if (!user) throw unauthorized();
  if (user.role !== 'admin' && user.role !== 'viewer') throw forbidden();
  assertMayChange(ctx, user);
  return next();
}

/** App-level guard: a signed-in viewer never reaches a state-changing admin, CRM or account handler outside the allow-list. */
export async function readOnlyForViewers(ctx: Context, next: Next): Promise<void> {
  if (!isReadOnlyRequest(ctx.method) && ROLE_GUARDED_PATHS.test(ctx.path)) {
    const user = await currentUser(ctx);
    // Nobody signed in: the route's own check answers 401 (or 404 for an unknown path).
    if (user) assertMayChange(ctx, user);
  }
  return next();
}

/** The signed-in user of a route guarded by `requireUser`/`requireAdmin`. */
export function signedInUser(ctx: Context): User {
  const user = ctx.state.user as User | undefined;
  if (!user) throw unauthorized();
  return user;
}
