/**
 * Re-authentication before what cannot be undone (docs/decisions/145-re-authentication.md): the route's
 * chain puts `requireRecentFactor` after its role guard, and the request passes only if the session proved
 * a factor (or, for an account without any, its password) within the last 5 minutes. Otherwise the answer
 * is 403 `{message, reauth: true}`: the back office asks for the proof in a dialog, then sends the request
 * again. Signing in counts as a proof (api/platform/http/session.ts sets `factorVerifiedAt`).
 */
import type { Context, Next } from 'koa';
import { HttpError } from '../errors.ts';

export const REAUTH_MESSAGE = 'Confirmez votre identité pour continuer.';
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;

/** Whether this session proved a factor within the window. */
export function hasRecentFactor(ctx: Context, now = Date.now()): boolean {
  const at = ctx.session?.factorVerifiedAt;
  return typeof at === 'number' && at <= now && now - at <= REAUTH_WINDOW_MS;
}

export async function requireRecentFactor(ctx: Context, next: Next): Promise<void> {
  if (!hasRecentFactor(ctx)) throw new HttpError(403, REAUTH_MESSAGE, { body: { reauth: true } });
  return next();
}

/** Records a fresh proof on this session (a factor, or the password of an account without one). */
export function markFactorVerified(ctx: Context, now = Date.now()): void {
  if (ctx.session) ctx.session.factorVerifiedAt = now;
}

/**
 * The guard for a route where only some requests are irreversible (a bulk action that deletes, a user
 * change that alters a role): placed after `validate`, it asks for the proof when `needed` says so.
 */
export function requireRecentFactorWhen(needed: (ctx: Context) => boolean | Promise<boolean>) {
  return async function requireRecentFactorIfNeeded(ctx: Context, next: Next): Promise<void> {
    if ((await needed(ctx)) && !hasRecentFactor(ctx)) throw new HttpError(403, REAUTH_MESSAGE, { body: { reauth: true } });
    return next();
  };
}
