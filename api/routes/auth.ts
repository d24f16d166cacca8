/**
 * Sign-in (spec sections 2.4, 7): first-admin creation, login, logout, current user, and the
 * browser redirects `/api/login` and `/api/logout`.
 */
import Router from '@koa/router';
import { loginSchema, setupAdminSchema } from '../schemas/index.ts';
import { input, validate } from '../middleware/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { signInSession, signOutSession } from '../middleware/session.ts';
import { authenticate, createFirstAdmin, INVALID_CREDENTIALS_MESSAGE } from '../services/auth.ts';
import { presentUser } from '../presenters/index.ts';
import { HttpError } from '../errors.ts';
import { limitLoginFailures, limitPerIp } from '../middleware/rate-limit.ts';
import { LIMITS } from '../lib/rate-limit.ts';
import { isNavigationFromAnotherSite } from '../middleware/same-origin.ts';

const setupSchemas = { body: setupAdminSchema };
const loginSchemas = { body: loginSchema };

/** A `next` worth keeping: a path on this site (not `//other.example`, not `https://…`). */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  return value.length <= 2000 ? value : undefined;
}

export function authRouter(): Router {
  const router = new Router({ sensitive: true });

  router.post('/api/simple-auth/setup-admin', limitPerIp(LIMITS.setupAdminPerIp), validate(setupSchemas), async (ctx) => {
    const { body } = input(ctx, setupSchemas);
    const user = await createFirstAdmin(ctx.knex, body);
    await signInSession(ctx, user.id);
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  router.post('/api/simple-auth/login', validate(loginSchemas), limitLoginFailures, async (ctx) => {
    const { body } = input(ctx, loginSchemas);
    const user = await authenticate(ctx.knex, body.email, body.password);
    if (!user) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
    await signInSession(ctx, user.id);
    ctx.body = presentUser(user);
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
