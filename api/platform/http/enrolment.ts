/**
 * Enrolment first (docs/decisions/144-second-factor-totp-and-recovery-codes.md): a session signed in with a
 * password only while a second factor is required (`session.enrolmentRequired`) may do nothing under the
 * account, admin and CRM APIs but enrol a factor, read who it is, and sign out. Everything else answers
 * 403 `{message, enrolmentRequired: true}`. Mounted once in api/app.ts, after the sessions, so a route
 * added later is covered without thinking of it; the allow-list below is explicit, as the viewers' is.
 * The flag is lifted as soon as the account has a confirmed factor, whichever route confirmed it.
 */
import type { Context, Next } from 'koa';
import { HttpError } from '../errors.ts';
import { ROLE_GUARDED_PATHS } from './auth.ts';

export const ENROLMENT_REQUIRED_MESSAGE = 'Ajoutez un second facteur pour continuer.';

/** What a session limited to enrolment may still ask. */
export const ENROLMENT_ALLOWED: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'GET', path: /^\/api\/(simple-auth|auth)\/user$/ },
  { method: 'GET', path: /^\/api\/simple-auth\/mfa$/ },
  // Signing in again (another account, or the same one after enrolling elsewhere) and out.
  { method: 'POST', path: /^\/api\/simple-auth\/(login|logout|mfa|passkey\/options|passkey\/verify)$/ },
  // Enrolment: an authenticator app (created, then confirmed with a code) or a passkey.
  { method: 'POST', path: /^\/api\/simple-auth\/mfa\/(totp|totp\/[^/]+\/confirm|passkey\/options|passkey)$/ },
];

function allowed(ctx: Context): boolean {
  return ENROLMENT_ALLOWED.some((entry) => entry.method === ctx.method && entry.path.test(ctx.path));
}

export async function enrolmentFirst(ctx: Context, next: Next): Promise<void> {
  const session = ctx.session;
  if (!session?.enrolmentRequired || !ROLE_GUARDED_PATHS.test(ctx.path)) return next();
  const userId = session.userId;
  const enrolled = typeof userId === 'number' && (await ctx.knex('user_factors').where({ userId }).whereNotNull('confirmedAt').first('id')) !== undefined;
  if (enrolled) {
    session.enrolmentRequired = undefined;
    return next();
  }
  if (!allowed(ctx)) throw new HttpError(403, ENROLMENT_REQUIRED_MESSAGE, { body: { enrolmentRequired: true } });
  return next();
}
