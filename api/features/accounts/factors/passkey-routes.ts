/**
 * Passkey routes (docs/decisions/146-passkeys.md), as the second-factor contract names them:
 * - registration by the signed-in user: `POST /api/simple-auth/mfa/passkey/options`, then
 *   `POST /api/simple-auth/mfa/passkey` `{name, response}` → 201 `{factor, recoveryCodes?}`;
 * - sign-in: `POST /api/simple-auth/passkey/options` (for the pending account after its password — the
 *   second step; else any discoverable passkey — the whole sign-in), then `POST /api/simple-auth/passkey/verify`;
 * - re-authentication: `POST /api/simple-auth/reauth/passkey/options`, then `POST /api/simple-auth/reauth/passkey`.
 * Every role may use them for its own account (api/platform/http/auth.ts VIEWER_ALLOWED_CHANGES).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { apiRouter } from '../../../platform/http/router.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireUser, signedInUser } from '../../../platform/http/auth.ts';
import { markFactorVerified } from '../../../platform/http/reauth.ts';
import { signInSession } from '../../../platform/http/session.ts';
import { limitPasswordAttempts, limitPerIp, type PasswordAttempt } from '../../../platform/http/rate-limit.ts';
import type { LimitRule } from '../../../platform/lib/rate-limit.ts';
import { auditRequest } from '../../../platform/audit.ts';
import { HttpError } from '../../../platform/errors.ts';
import { passkeyAssertionSchema, passkeyRegistrationSchema, PENDING_SIGN_IN_EXPIRED_MESSAGE, presentPasskey, presentUser, type PasskeyAssertionInput } from '../contract/index.ts';
import { endOtherSessions } from '../sessions.ts';
import { completeSignIn, readPendingSignIn } from './pending-sign-in.ts';
import { requireProofUnlessEnrolling } from './factor-changes.ts';
import { clearMustEnrol } from './factors.ts';
import { authenticationOptions, passkeyOwner, PASSKEY_FAILED_MESSAGE, PASSKEY_NOT_REGISTERED_MESSAGE, registerPasskey, registrationOptions, verifyAssertion } from './passkeys.ts';

/** Each options request stores a challenge: bounded per address so nobody fills the table. */
const PASSKEY_OPTIONS_PER_IP: LimitRule = { name: 'passkey-options:ip', points: 60, windowSeconds: 15 * 60 };

const registrationSchemas = { body: passkeyRegistrationSchema };
const assertionSchemas = { body: passkeyAssertionSchema };

function assertionOf(ctx: Context): AuthenticationResponseJSON {
  return (ctx.state.input as { body: PasskeyAssertionInput }).body.response as AuthenticationResponseJSON;
}

/**
 * The account a sign-in with a passkey names, for the limits (per account and per address, as the password):
 * the pending account at the second step, else the owner of the credential presented.
 */
async function signInAccount(ctx: Context): Promise<PasswordAttempt> {
  const pending = await readPendingSignIn(ctx);
  ctx.state.pendingUser = pending;
  if (pending) return { user: pending, identifier: pending.email };
  const response = assertionOf(ctx);
  return { user: await passkeyOwner(ctx, response.id), identifier: `passkey:${response.id}` };
}

async function ownAccount(ctx: Context): Promise<PasswordAttempt> {
  const user = signedInUser(ctx);
  return { user, identifier: user.email };
}

export function passkeyRouter(): Router {
  const router = apiRouter();

  router.post('/api/simple-auth/mfa/passkey/options', requireUser, requireProofUnlessEnrolling, limitPerIp(PASSKEY_OPTIONS_PER_IP), async (ctx) => {
    ctx.body = await registrationOptions(ctx, signedInUser(ctx));
  });

  router.post('/api/simple-auth/mfa/passkey', requireUser, requireProofUnlessEnrolling, validate(registrationSchemas), async (ctx) => {
    const { body } = input(ctx, registrationSchemas);
    const user = signedInUser(ctx);
    const registered = await registerPasskey(ctx, user, body.name, body.response as RegistrationResponseJSON);
    if (!registered) {
      await auditRequest(ctx, 'passkey_failed', { details: { during: 'registration' } });
      throw new HttpError(400, PASSKEY_NOT_REGISTERED_MESSAGE);
    }
    await clearMustEnrol(ctx.knex, user.id);
    // A new factor ends the account's other sessions; this one continues under a new id.
    const ended = await endOtherSessions(ctx.knex, user.id, ctx.session?.publicId);
    ctx.session!.enrolmentRequired = undefined;
    await signInSession(ctx, user.id);
    await auditRequest(ctx, 'passkey_registered', { details: { factorId: registered.factor.id, otherSessionsEnded: ended, firstFactor: registered.recoveryCodes !== undefined } });
    ctx.status = 201;
    ctx.body = { factor: presentPasskey(registered.factor), ...(registered.recoveryCodes ? { recoveryCodes: registered.recoveryCodes } : {}) };
  });

  router.post('/api/simple-auth/passkey/options', limitPerIp(PASSKEY_OPTIONS_PER_IP), async (ctx) => {
    const pending = await readPendingSignIn(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await authenticationOptions(ctx, pending ? 'second-step' : 'sign-in', pending);
  });

  router.post('/api/simple-auth/passkey/verify', validate(assertionSchemas), limitPasswordAttempts(signInAccount), async (ctx) => {
    const attempt = ctx.state.passwordAttempt!;
    const pending = ctx.state.pendingUser;
    const verified = await verifyAssertion(ctx, pending ? ['second-step'] : ['sign-in', 'second-step'], assertionOf(ctx));
    // A deactivated account is refused like a wrong key: the answer says nothing of the account.
    const user = verified ? await passkeyOwner(ctx, verified.passkey.credentialId) : undefined;
    const valid = verified !== undefined && user !== undefined && user.active && (verified.purpose === 'sign-in' || user.id === pending?.id);
    attempt.outcome = valid ? 'succeeded' : 'failed';
    if (!valid) {
      await auditRequest(ctx, 'passkey_failed', { userId: attempt.user?.id ?? null, details: { during: pending ? 'second-step' : 'sign-in' } });
      if (verified?.purpose === 'second-step' && !pending) throw new HttpError(401, PENDING_SIGN_IN_EXPIRED_MESSAGE);
      throw new HttpError(401, PASSKEY_FAILED_MESSAGE);
    }
    await completeSignIn(ctx, user, 'passkey');
    ctx.body = presentUser(user);
  });

  router.post('/api/simple-auth/reauth/passkey/options', requireUser, limitPerIp(PASSKEY_OPTIONS_PER_IP), async (ctx) => {
    ctx.body = await authenticationOptions(ctx, 'reauth', signedInUser(ctx));
  });

  router.post('/api/simple-auth/reauth/passkey', requireUser, validate(assertionSchemas), limitPasswordAttempts(ownAccount), async (ctx) => {
    const attempt = ctx.state.passwordAttempt!;
    const verified = await verifyAssertion(ctx, ['reauth'], assertionOf(ctx));
    attempt.outcome = verified ? 'succeeded' : 'failed';
    if (!verified) {
      await auditRequest(ctx, 'passkey_failed', { details: { during: 'reauth' } });
      throw new HttpError(401, PASSKEY_FAILED_MESSAGE);
    }
    markFactorVerified(ctx);
    ctx.body = { verifiedAt: new Date(ctx.session!.factorVerifiedAt!).toISOString() };
  });

  return router;
}
