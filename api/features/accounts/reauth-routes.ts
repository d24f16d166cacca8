/**
 * `POST /api/simple-auth/reauth` (docs/decisions/145-re-authentication.md): the signed-in user proves a
 * factor again — a TOTP code, a recovery code, or, for an account without any confirmed factor, its
 * password — and the session's proof is renewed for 5 minutes (api/platform/http/reauth.ts). Every
 * method counts against the same limits as a password change: a 6-digit code is as guessable as a
 * weak password without them. Passkeys prove themselves on their own routes (the passkeys helpers).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { apiRouter } from '../../platform/http/router.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireUser, signedInUser } from '../../platform/http/auth.ts';
import { markFactorVerified } from '../../platform/http/reauth.ts';
import { limitPasswordAttempts, type PasswordAttempt } from '../../platform/http/rate-limit.ts';
import { auditRequest } from '../../platform/audit.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { reauthSchema, USE_SECOND_FACTOR_MESSAGE, REAUTH_WRONG_CODE_MESSAGE, REAUTH_WRONG_PASSWORD_MESSAGE, type ReauthMethod, type ReauthResult } from './contract/index.ts';
import { checkPassword } from './auth.ts';
import { acceptAnyTotpCode } from './factors/second-step-routes.ts';
import { hasConfirmedFactor } from './factors/factors.ts';
import { consumeRecoveryCode } from './factors/recovery-codes.ts';

const reauthSchemas = { body: reauthSchema };

async function ownAccount(ctx: Context): Promise<PasswordAttempt> {
  const user = signedInUser(ctx);
  return { user, identifier: user.email };
}

async function verify(ctx: Context, method: ReauthMethod, code: string): Promise<boolean> {
  const user = signedInUser(ctx);
  if (method === 'totp') return acceptAnyTotpCode(ctx, user.id, code);
  if (method === 'recovery') return consumeRecoveryCode(ctx.knex, user.id, code);
  return checkPassword(ctx.passwordHasher, user, code);
}

export function reauthRouter(): Router {
  const router = apiRouter();

  router.post('/api/simple-auth/reauth', requireUser, validate(reauthSchemas), limitPasswordAttempts(ownAccount), async (ctx) => {
    const { method, code } = input(ctx, reauthSchemas).body;
    const user = signedInUser(ctx);
    const attempt = ctx.state.passwordAttempt!;
    // Checked before anything is verified: the attempt is not counted (no outcome), as a 400 is no guess.
    if (method === 'password' && (await hasConfirmedFactor(ctx.knex, user.id))) throw badRequest(USE_SECOND_FACTOR_MESSAGE);
    const valid = await verify(ctx, method, code);
    attempt.outcome = valid ? 'succeeded' : 'failed';
    if (!valid) {
      await auditRequest(ctx, 'reauth_failed', { details: { method } });
      const message = method === 'password' ? REAUTH_WRONG_PASSWORD_MESSAGE : REAUTH_WRONG_CODE_MESSAGE;
      throw new HttpError(401, message, { errors: [{ path: 'code', message }] });
    }
    const now = Date.now();
    markFactorVerified(ctx, now);
    await auditRequest(ctx, 'reauth_succeeded', { details: { method } });
    ctx.body = { verifiedAt: new Date(now).toISOString() } satisfies ReauthResult;
  });

  return router;
}
