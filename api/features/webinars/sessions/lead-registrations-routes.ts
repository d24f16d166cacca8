/** `{base}/leads/{id}/registrations` of the admin API: the contact detail's webinar registrations, one page at a time (decision 089). */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import { contactListQuerySchema, leadParamsSchema } from '../../../contract/params.ts';
import { presentLeadRegistrationPage } from '../contract/index.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { listLeadRegistrations } from './lead-registrations.ts';

const listSchemas = { params: leadParamsSchema, query: contactListQuerySchema };

export function adminLeadRegistrationsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/leads/:id/registrations', requireAdmin, validate(listSchemas), async (ctx) => {
    const { params, query } = input(ctx, listSchemas);
    const { registrations, total } = await listLeadRegistrations(ctx.knex, params.id, query);
    ctx.body = presentLeadRegistrationPage(registrations, query, total);
  });

  return router;
}
