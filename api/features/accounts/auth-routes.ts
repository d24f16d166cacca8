/**
 * Sign-in: first-admin creation (with the setup code in production),
 * login (brute-force limits and device cookies), logout, current user, and the browser redirects
 * `/api/login` and `/api/logout`.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import type { Context } from 'koa';
import { loginSchema, setupAdminSchema, type LoginInput, presentUser } from './contract/index.ts';
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
import { issueDeviceCookie } from '../../platform/http/device-cookie.ts';
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
    await signInSession(ctx, user.id);
    ctx.state.user = user;
    await auditRequest(ctx, 'admin_setup', { userId: user.id, details: { via: 'login-screen' } });
    ctx.status = 201;
    ctx.body = presentUser(user);
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
    await signInSession(ctx, attempt.user.id);
    issueDeviceCookie(ctx, attempt.user.id);
    ctx.state.user = attempt.user;
    await auditRequest(ctx, 'login_succeeded', { userId: attempt.user.id });
    ctx.body = presentUser(attempt.user);
  });

  router.post('/api/simple-auth/logout', async (ctx) => {
    signOutSession(ctx);
    ctx.body = { message: 'Vous êtes déconnecté.' };
  });

  for (const path of ['/api/simple-auth/user', '/api/auth/user']) {
    router.get(path, requireUser, async (ctx) => {
      ctx.body = presentUser(signedInUser(ctx));
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
