/** `/api/crm/activities/{id}`: editing one activity, wherever it is shown (task list, contact detail). */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import { activityParamsSchema, activityUpdateSchema, presentActivity } from '../contract/index.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { updateActivity } from './activities.ts';

const updateSchemas = { body: activityUpdateSchema, params: activityParamsSchema };

export function crmActivitiesRouter(): Router {
  const router = apiRouter({ prefix: '/api/crm/activities' });

  router.patch('/:id', requireAdmin, validate(updateSchemas), async (ctx) => {
    const { body, params } = input(ctx, updateSchemas);
    ctx.body = presentActivity(await updateActivity(ctx.knex, params.id, body));
  });

  return router;
}
