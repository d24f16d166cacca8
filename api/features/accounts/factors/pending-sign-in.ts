/**
 * The sign-in between its two steps (docs/decisions/144-second-factor-totp-and-recovery-codes.md): the
 * password of an account with a factor opens no session; it sets a short-lived pending cookie naming the
 * account, and the second step (a TOTP code, a recovery code or a passkey) opens the session.
 * - Cookie `ic.mfa` (`__Host-ic.mfa` when cookies are Secure, the session cookie's rule), httpOnly,
 *   SameSite=Lax, path /, 5 minutes: `<userId>.<expiresAt ms>.<nonce>.<HMAC-SHA256(secret, "mfa-pending:…")>`.
 *   The expiry is inside the signed text, so a browser keeping the cookie longer gains nothing.
 * - Nothing is stored server-side: the cookie proves the password was right a moment ago, nothing more;
 *   the second step is limited and locked out as the password is (api/platform/http/rate-limit.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { User } from '../../../models/index.ts';
import { secureCookies, signInSession } from '../../../platform/http/session.ts';
import { issueDeviceCookie } from '../../../platform/http/device-cookie.ts';
import { auditRequest } from '../../../platform/audit.ts';
import { factorRequired, hasConfirmedFactor } from './factors.ts';

export const PENDING_COOKIE = 'ic.mfa';
const SECURE_PENDING_COOKIE = `__Host-${PENDING_COOKIE}`;
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

/** How a sign-in was completed (the audit's `details.method`). */
export type SignInMethod = 'password' | 'totp' | 'recovery' | 'passkey';

function signature(secret: string, text: string): string {
  return createHmac('sha256', secret).update(`mfa-pending:${text}`).digest('base64url');
}

function cookieName(ctx: Context): string {
  return secureCookies(ctx, ctx.config) ? SECURE_PENDING_COOKIE : PENDING_COOKIE;
}

function setCookie(ctx: Context, value: string | null, maxAge: number): void {
  const secure = secureCookies(ctx, ctx.config);
  if (secure) (ctx.cookies as unknown as { secure: boolean }).secure = true;
  ctx.cookies.set(cookieName(ctx), value, { httpOnly: true, sameSite: 'lax', secure, signed: false, path: '/', maxAge, overwrite: true });
}

/** After a right password: the account `userId` may take the second step for 5 minutes. */
export function startPendingSignIn(ctx: Context, userId: number, now = Date.now()): void {
  const text = `${userId}.${now + PENDING_SIGN_IN_MS}.${randomBytes(12).toString('base64url')}`;
  setCookie(ctx, `${text}.${signature(ctx.config.sessionSecret, text)}`, PENDING_SIGN_IN_MS);
}

export function clearPendingSignIn(ctx: Context): void {
  if (ctx.cookies.get(cookieName(ctx), { signed: false })) setCookie(ctx, null, 0);
}

/** The pending account's id when the cookie is there, signed by us and not expired. */
function pendingUserId(ctx: Context, now = Date.now()): number | undefined {
  const value = ctx.cookies.get(cookieName(ctx), { signed: false });
  const match = value ? /^(([1-9]\d{0,9})\.(\d{1,15})\.[\w-]{16})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return undefined;
  const expected = Buffer.from(signature(ctx.config.sessionSecret, match[1]!));
  const given = Buffer.from(match[4]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return Number(match[3]) > now ? Number(match[2]) : undefined;
}

/** The account whose password was typed in the last 5 minutes in this browser, if it is still active. */
export async function readPendingSignIn(ctx: Context): Promise<User | undefined> {
  const userId = pendingUserId(ctx);
  if (userId === undefined) return undefined;
  const user = await User.query(ctx.knex).findById(userId);
  return user?.active ? user : undefined;
}

/**
 * Whether this password-only sign-in must go to enrolment first: a factor is required of the account
 * (MFA_REQUIRED, or an administrator's reset) and it has none.
 */
export async function mustEnrolAfterPassword(ctx: Context, user: User): Promise<boolean> {
  return factorRequired(ctx.config, user) && !(await hasConfirmedFactor(ctx.knex, user.id));
}

/**
 * Opens the session of `user` once the sign-in is complete: a new session id, a device cookie (the
 * device's own login counter), the pending cookie cleared, `login_succeeded` audited with the method.
 * A password-only sign-in of an account that must enrol gets a session limited to enrolment.
 */
export async function completeSignIn(ctx: Context, user: User, method: SignInMethod): Promise<void> {
  const session = ctx.session!;
  // Whatever this browser's session said before, this sign-in decides (no flag carried over).
  session.enrolmentRequired = method === 'password' && (await mustEnrolAfterPassword(ctx, user)) ? true : undefined;
  await signInSession(ctx, user.id);
  issueDeviceCookie(ctx, user.id);
  clearPendingSignIn(ctx);
  ctx.state.user = user;
  await auditRequest(ctx, 'login_succeeded', { userId: user.id, details: { method } });
}
