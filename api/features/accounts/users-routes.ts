/** `{base}/users` of the admin API: the team's accounts, their roles, who may sign in. */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { userCreateSchema, userParamsSchema, userUpdateSchema, presentUserAccount } from './contract/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { createUser, listUsers, updateUser } from './users.ts';
import { auditRequest } from '../../platform/audit.ts';

const createSchemas = { body: userCreateSchema };
const updateSchemas = { params: userParamsSchema, body: userUpdateSchema };

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

  return router;
}
