/**
 * OWASP device cookies ("Slow down online guessing attacks with device cookies"): a browser that has
 * signed in to an account before gets a signed, long-lived, httpOnly cookie naming that account. Its
 * later attempts on that account count against that cookie alone (5 per 15 minutes), so a lockout
 * strangers cause on the account (or the IP) does not keep its owner out.
 * Format: `<userId>.<nonce>.<HMAC-SHA256(secret, "device-cookie:<userId>.<nonce>")>`, base64url. The
 * nonce names the cookie's own counter; nothing is stored server-side.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { secureCookies } from './session.ts';

export const DEVICE_COOKIE = 'ic.device';
const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export interface DeviceCookie {
  userId: number;
  nonce: string;
}

function signature(secret: string, userId: number, nonce: string): string {
  return createHmac('sha256', secret).update(`device-cookie:${userId}.${nonce}`).digest('base64url');
}

function cookieName(ctx: Context): string {
  return secureCookies(ctx, ctx.config) ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
}

/** The request's device cookie when its signature is valid, else `undefined`. */
export function readDeviceCookie(ctx: Context): DeviceCookie | undefined {
  const value = ctx.cookies.get(cookieName(ctx), { signed: false });
  const match = value ? /^([1-9]\d{0,9})\.([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return undefined;
  const userId = Number(match[1]);
  const expected = Buffer.from(signature(ctx.config.sessionSecret, userId, match[2]!));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, nonce: match[2]! } : undefined;
}

/** Sets a fresh device cookie for `userId` (after a successful sign-in). */
export function issueDeviceCookie(ctx: Context, userId: number): void {
  const nonce = randomBytes(16).toString('base64url');
  const secure = secureCookies(ctx, ctx.config);
  if (secure) (ctx.cookies as unknown as { secure: boolean }).secure = true;
  ctx.cookies.set(cookieName(ctx), `${userId}.${nonce}.${signature(ctx.config.sessionSecret, userId, nonce)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    signed: false,
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    overwrite: true,
  });
}
