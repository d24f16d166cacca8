/** `{base}/leads…` of the admin API (base: /api/admin or /api/admin-dev): the contacts. */
import type Router from '@koa/router';
import { apiRouter } from './router.ts';
import { leadCreateSchema, leadListQuerySchema, leadUpdateSchema } from '../schemas/index.ts';
import { input, validate } from '../middleware/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { createLead, deleteLead, findLeadOr404, listLeads, recentLeads, updateLead } from '../services/leads.ts';
import { presentLead, presentLeadPage } from '../presenters/index.ts';
import { auditRequest } from '../services/audit.ts';

const listSchemas = { query: leadListQuerySchema };
const createSchemas = { body: leadCreateSchema };
const updateSchemas = { body: leadUpdateSchema };

export function adminLeadsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/leads', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    const { leads, total } = await listLeads(ctx.knex, query);
    ctx.body = presentLeadPage(leads, query, total);
  });

  // Declared before `/leads/:id`, which would otherwise take "recent" for an id.
  router.get('/leads/recent', requireAdmin, async (ctx) => {
    ctx.body = (await recentLeads(ctx.knex)).map(presentLead);
  });

  router.get('/leads/:id', requireAdmin, async (ctx) => {
    ctx.body = presentLead(await findLeadOr404(ctx.knex, ctx.params.id));
  });

  router.post('/leads', requireAdmin, validate(createSchemas), async (ctx) => {
    const { body } = input(ctx, createSchemas);
    ctx.status = 201;
    ctx.body = presentLead(await createLead(ctx.knex, body));
  });

  router.patch('/leads/:id', requireAdmin, validate(updateSchemas), async (ctx) => {
    const { body } = input(ctx, updateSchemas);
    ctx.body = presentLead(await updateLead(ctx.knex, ctx.params.id, body));
  });

  router.delete('/leads/:id', requireAdmin, async (ctx) => {
    await deleteLead(ctx.knex, ctx.params.id);
    await auditRequest(ctx, 'lead_deleted', { details: { leadId: Number(ctx.params.id) } });
    ctx.status = 204;
  });

  return router;
}
