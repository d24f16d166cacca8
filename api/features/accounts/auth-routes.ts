/**
 * Sign-in: first-admin creation (with the setup code in production),
 * login (brute-force limits and device cookies; an account with a second factor then takes the second
 * step, factors/second-step-routes.ts), logout, current user, and the browser redirects
 * `/api/login` and `/api/logout`.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import type { Context } from 'koa';
import { loginSchema, setupAdminSchema, type LoginInput, presentSecondStep, presentUser } from './contract/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireUser, signedInUser } from '../../platform/http/auth.ts';
import { signInSession, signOutSession } from '../../platform/http/session.ts';
import { ADMIN_EXISTS_MESSAGE, checkPassword, createFirstAdmin, findAccount, hasAnyUser, INVALID_CREDENTIALS_MESSAGE, normaliseIdentifier } from './auth.ts';
import { assertSetupCode } from './setup-code.ts';
import { auditRequest } from '../../platform/audit.ts';
import { conflict, HttpError } from '../../platform/errors.ts';
import { limitPasswordAttempts, limitPerIp, type PasswordAttempt } from '../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../platform/lib/rate-limit.ts';
import { isNavigationFromAnotherSite } from '../../platform/http/same-origin.ts';
import { completeSignIn, startPendingSignIn } from './factors/pending-sign-in.ts';
import { clearMustEnrol, confirmedFactorKinds } from './factors/factors.ts';
import { refuseWhenHashingSaturated } from '../../platform/lib/password-hasher.ts';

const setupSchemas = { body: setupAdminSchema };
const loginSchemas = { body: loginSchema };

/** A `next` worth keeping: a path on this site (not `//other.example`, not `https://…`). */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  return value.length <= 2000 ? value : undefined;
}

/** The account a login names (looked up before the limits, which count per account). */
async function typedAccount(ctx: Context): Promise<PasswordAttempt> {
  const { email } = (ctx.state.input as { body: LoginInput }).body;
  return { user: await findAccount(ctx.knex, email), identifier: normaliseIdentifier(email) };
}

export function authRouter(): Router {
  const router = apiRouter();

  router.get('/api/simple-auth/setup', async (ctx) => {
    const available = !(await hasAnyUser(ctx.knex));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { available, codeRequired: available && ctx.setupCode.value !== undefined };
  });

  router.post('/api/simple-auth/setup-admin', limitPerIp(RATE_LIMIT_RULES.setupAdminPerIp), validate(setupSchemas), async (ctx) => {
    const { body } = input(ctx, setupSchemas);
    // Cheap early answer for the usual case (an account exists), before the code, strength and hash.
    if (await hasAnyUser(ctx.knex)) throw conflict(ADMIN_EXISTS_MESSAGE);
    assertSetupCode(ctx.setupCode, body.setupCode);
    const user = await createFirstAdmin(ctx.knex, ctx.passwordHasher, body);
    // Under MFA_REQUIRED the first administrator enrols a factor before anything else (decision 144).
    const enrolmentRequired = ctx.config.mfaRequired;
    ctx.session!.enrolmentRequired = enrolmentRequired || undefined;
    await signInSession(ctx, user.id);
    ctx.state.user = user;
    await auditRequest(ctx, 'admin_setup', { userId: user.id, details: { via: 'login-screen' } });
    ctx.status = 201;
    ctx.body = { ...presentUser(user), ...(enrolmentRequired ? { enrolmentRequired } : {}) };
  });

  router.post('/api/simple-auth/login', refuseWhenHashingSaturated, validate(loginSchemas), limitPasswordAttempts(typedAccount), async (ctx) => {
    const { body } = input(ctx, loginSchemas);
    const attempt = ctx.state.passwordAttempt!;
    const valid = await checkPassword(ctx.passwordHasher, attempt.user, body.password);
    attempt.outcome = valid ? 'succeeded' : 'failed';
    // A deactivated account is refused like a wrong password: the answer says nothing of the account.
    if (!valid || !attempt.user || !attempt.user.active) {
      await auditRequest(ctx, 'login_failed', { userId: attempt.user?.id ?? null, details: { knownAccount: attempt.user !== undefined } });
      throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
    }
    const user = attempt.user;
    const kinds = await confirmedFactorKinds(ctx.knex, user.id);
    if (kinds.length > 0) {
      // Not a success yet: the attempt's places are given back, but the account's counter (wrong codes
      // included) is reset only by the second step, so a known password does not buy more guesses (decision 144).
      attempt.outcome = undefined;
      // A reset's mark ends once the account has a factor again, whichever route enrolled it.
      if (user.mustEnrolFactor) await clearMustEnrol(ctx.knex, user.id);
      startPendingSignIn(ctx, user.id);
      ctx.body = presentSecondStep(kinds);
      return;
    }
    await completeSignIn(ctx, user, 'password');
    ctx.body = { ...presentUser(user), ...(ctx.session?.enrolmentRequired ? { enrolmentRequired: true } : {}) };
  });

  router.post('/api/simple-auth/logout', async (ctx) => {
    signOutSession(ctx);
    ctx.body = { message: 'Vous êtes déconnecté.' };
  });

  for (const path of ['/api/simple-auth/user', '/api/auth/user']) {
    router.get(path, requireUser, async (ctx) => {
      // A session limited to enrolment says so: the back office then shows only the enrolment (decision 144).
      ctx.body = { ...presentUser(signedInUser(ctx)), ...(ctx.session?.enrolmentRequired ? { enrolmentRequired: true } : {}) };
    });
  }

  router.get('/api/login', async (ctx) => {
    const next = safeNextPath(ctx.query.next);
    ctx.redirect(next ? `/login?${new URLSearchParams({ next }).toString()}` : '/login');
  });

  router.get('/api/logout', async (ctx) => {
    // A link on another site must not sign an administrator out: it only leads to the login page.
    if (!isNavigationFromAnotherSite(ctx)) signOutSession(ctx);
    ctx.redirect('/login');
  });

  return router;
}
