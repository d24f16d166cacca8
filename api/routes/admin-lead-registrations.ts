/** `{base}/leads/{id}/registrations` of the admin API: the contact detail's webinar registrations (issue 13). */
import type Router from '@koa/router';
import { apiRouter } from './router.ts';
import { leadParamsSchema } from '../schemas/index.ts';
import { input, validate } from '../middleware/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { listLeadRegistrations } from '../services/lead-registrations.ts';
import { presentLeadRegistrations } from '../presenters/index.ts';

const oneLeadSchemas = { params: leadParamsSchema };

export function adminLeadRegistrationsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/leads/:id/registrations', requireAdmin, validate(oneLeadSchemas), async (ctx) => {
    const { params } = input(ctx, oneLeadSchemas);
    ctx.body = presentLeadRegistrations(await listLeadRegistrations(ctx.knex, params.id));
  });

  return router;
}
