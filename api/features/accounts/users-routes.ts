/** `{base}/users` of the admin API: the team's accounts, their roles, who may sign in. */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { userCreateSchema, userParamsSchema, userUpdateSchema, presentUserAccount } from './contract/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin, signedInUser } from '../../platform/http/auth.ts';
import { requireRecentFactor } from '../../platform/http/reauth.ts';
import { createUser, listUsers, updateUser } from './users.ts';
import { resetFactors } from './factors/factors.ts';
import { auditRequest } from '../../platform/audit.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { User } from '../../models/index.ts';
import { USER_NOT_FOUND_MESSAGE } from './contract/index.ts';

export const OWN_RESET_MESSAGE = 'Vous ne pouvez pas réinitialiser vos propres facteurs : utilisez vos réglages.';
export const RESET_DONE_MESSAGE = 'Les facteurs ont été réinitialisés. La personne en ajoutera un à sa prochaine connexion.';

const createSchemas = { body: userCreateSchema };
const updateSchemas = { params: userParamsSchema, body: userUpdateSchema };
const resetSchemas = { params: userParamsSchema };

export function adminUsersRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  // A viewer reads the list too (the Tâches screen names who is assigned); only administrators change it.
  router.get('/users', requireAdmin, async (ctx) => {
    ctx.body = { users: (await listUsers(ctx.knex)).map(presentUserAccount) };
  });

  router.post('/users', requireAdmin, validate(createSchemas), async (ctx) => {
    const { body } = input(ctx, createSchemas);
    const user = await createUser(ctx.knex, ctx.passwordHasher, body);
    await auditRequest(ctx, 'user_created', { details: { targetUserId: user.id, role: user.role } });
    ctx.status = 201;
    ctx.body = presentUserAccount(user);
  });

  router.patch('/users/:id', requireAdmin, validate(updateSchemas), async (ctx) => {
    const { params, body } = input(ctx, updateSchemas);
    const { user, sessionsEnded } = await updateUser(ctx.knex, params.id, body);
    await auditRequest(ctx, 'user_updated', {
      details: { targetUserId: user.id, role: user.role, active: user.active, sessionsEnded },
    });
    ctx.body = presentUserAccount(user);
  });

  // A lost phone (decision 144): the account's factors and recovery codes go, its sessions end, and it
  // enrols again at its next sign-in. Never one's own: that would let a stolen session drop the factor.
  router.post('/users/:id/mfa/reset', requireAdmin, requireRecentFactor, validate(resetSchemas), async (ctx) => {
    const { params } = input(ctx, resetSchemas);
    if (params.id === signedInUser(ctx).id) throw new HttpError(403, OWN_RESET_MESSAGE);
    if (!(await User.query(ctx.knex).findById(params.id))) throw notFound(USER_NOT_FOUND_MESSAGE);
    const { factorsRemoved, sessionsEnded } = await resetFactors(ctx.knex, params.id);
    await auditRequest(ctx, 'mfa_reset', { details: { targetUserId: params.id, factorsRemoved, sessionsEnded } });
    ctx.body = { message: RESET_DONE_MESSAGE };
  });

  return router;
}
