/**
 * The sign-in's second step (docs/decisions/144-second-factor-totp-and-recovery-codes.md):
 * `POST /api/simple-auth/mfa` `{method, code}` with the pending cookie the password set. A TOTP code is
 * accepted once (factors/totp.ts), a recovery code once. The attempts count in the password's own counters
 * (per account and per IP, or per device cookie), so wrong codes lock the account out as wrong passwords do.
 */
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { apiRouter } from '../../../platform/http/router.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { limitPasswordAttempts, type PasswordAttempt } from '../../../platform/http/rate-limit.ts';
import { auditRequest } from '../../../platform/audit.ts';
import { HttpError } from '../../../platform/errors.ts';
import type { User } from '../../../models/index.ts';
import { mfaSignInSchema, PENDING_SIGN_IN_EXPIRED_MESSAGE, presentUser, WRONG_CODE_MESSAGE } from '../contract/index.ts';
import { completeSignIn, readPendingSignIn } from './pending-sign-in.ts';
import { confirmedTotpFactors } from './factors.ts';
import { acceptTotpCode } from './totp.ts';
import { consumeRecoveryCode, recoveryCodesLeft } from './recovery-codes.ts';

const secondStepSchemas = { body: mfaSignInSchema };

declare module 'koa' {
  interface DefaultState {
    pendingUser?: User;
  }
}

/** 401 without a valid pending cookie: the password must be typed again. */
async function requirePendingSignIn(ctx: Context, next: Next): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  const user = await readPendingSignIn(ctx);
  if (!user) throw new HttpError(401, PENDING_SIGN_IN_EXPIRED_MESSAGE);
  ctx.state.pendingUser = user;
  return next();
}

/** The attempt is on the pending account: same counters as its password. */
async function pendingAccount(ctx: Context): Promise<PasswordAttempt> {
  const user = ctx.state.pendingUser!;
  return { user, identifier: user.email };
}

/** Whether `code` is one of the account's TOTP codes not used yet (any of its apps). */
export async function acceptAnyTotpCode(ctx: Context, userId: number, code: string): Promise<boolean> {
  for (const factor of await confirmedTotpFactors(ctx.knex, userId)) {
    if (await acceptTotpCode(ctx.knex, factor, code)) return true;
  }
  return false;
}

export function secondStepRouter(): Router {
  const router = apiRouter();

  router.post('/api/simple-auth/mfa', requirePendingSignIn, validate(secondStepSchemas), limitPasswordAttempts(pendingAccount), async (ctx) => {
    const { body } = input(ctx, secondStepSchemas);
    const user = ctx.state.pendingUser!;
    const attempt = ctx.state.passwordAttempt!;
    const accepted = body.method === 'totp' ? await acceptAnyTotpCode(ctx, user.id, body.code) : await consumeRecoveryCode(ctx.knex, user.id, body.code);
    attempt.outcome = accepted ? 'succeeded' : 'failed';
    if (!accepted) {
      await auditRequest(ctx, 'mfa_failed', { userId: user.id, details: { method: body.method, during: 'sign_in' } });
      throw new HttpError(401, WRONG_CODE_MESSAGE);
    }
    await completeSignIn(ctx, user, body.method);
    if (body.method === 'recovery') await auditRequest(ctx, 'recovery_code_used', { details: { left: await recoveryCodesLeft(ctx.knex, user.id) } });
    ctx.body = presentUser(user);
  });

  return router;
}
