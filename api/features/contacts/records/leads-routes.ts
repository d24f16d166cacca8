/** `{base}/leads…` of the admin API (base: /api/admin or /api/admin-dev): the contacts. */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import { leadCreateSchema, leadExportQuerySchema, leadListQuerySchema, leadUpdateSchema, presentLead, presentLeadPage } from '../contract/index.ts';
import { leadParamsSchema } from '../../../contract/params.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { requireRecentFactor } from '../../../platform/http/reauth.ts';
import { listLeads, recentLeads } from './lead-list.ts';
import { createLead, deleteLead, findLeadOr404, updateLead } from './lead-records.ts';
import { auditRequest } from '../../../platform/audit.ts';
import { recordAccess } from '../../../platform/access-log.ts';
import { exportLeads } from '../bulk/exports.ts';
import { sendCsv } from '../../../platform/lib/csv-export.ts';

const listSchemas = { query: leadListQuerySchema };
const exportSchemas = { query: leadExportQuerySchema };
const oneLeadSchemas = { params: leadParamsSchema };
const createSchemas = { body: leadCreateSchema };
const updateSchemas = { body: leadUpdateSchema, params: leadParamsSchema };

export function adminLeadsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/leads', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    const { leads, total } = await listLeads(ctx.knex, query);
    ctx.body = presentLeadPage(leads, query, total);
  });

  // "Exporter": every contact the list's search and filters keep, streamed.
  router.get('/leads.csv', requireAdmin, requireRecentFactor, validate(exportSchemas), async (ctx) => {
    const { query } = input(ctx, exportSchemas);
    sendCsv(
      ctx,
      exportLeads(ctx.knex, query, async (details, contactIds) => {
        await auditRequest(ctx, 'leads_exported', { details });
        // The access log keeps the filter and which contacts (ids only; decision 147).
        await recordAccess(ctx, { action: 'contacts_exported', contactIds, details: { ...details, format: 'csv' } });
      }),
    );
  });

  // Declared before `/leads/:id`, which would otherwise take "recent" for an id.
  router.get('/leads/recent', requireAdmin, async (ctx) => {
    ctx.body = (await recentLeads(ctx.knex)).map(presentLead);
  });

  router.get('/leads/:id', requireAdmin, validate(oneLeadSchemas), async (ctx) => {
    const { params } = input(ctx, oneLeadSchemas);
    const lead = await findLeadOr404(ctx.knex, params.id);
    // A read of a contact's file is logged (OPDo art. 4; decision 147).
    await recordAccess(ctx, { action: 'contact_viewed', contactId: lead.id });
    ctx.body = presentLead(lead);
  });

  router.post('/leads', requireAdmin, validate(createSchemas), async (ctx) => {
    const { body } = input(ctx, createSchemas);
    ctx.status = 201;
    ctx.body = presentLead(await createLead(ctx.knex, body));
  });

  router.patch('/leads/:id', requireAdmin, validate(updateSchemas), async (ctx) => {
    const { body, params } = input(ctx, updateSchemas);
    const lead = await updateLead(ctx.knex, params.id, body);
    // A corrected "Origine" is audited (decision 115): the contact's id and the new channel, nothing personal.
    if (body.firstTouch !== undefined) await auditRequest(ctx, 'lead_origin_corrected', { details: { leadId: lead.id, channel: lead.firstTouchChannel } });
    ctx.body = presentLead(lead);
  });

  router.delete('/leads/:id', requireAdmin, validate(oneLeadSchemas), async (ctx) => {
    const { params } = input(ctx, oneLeadSchemas);
    await deleteLead(ctx.knex, params.id);
    await auditRequest(ctx, 'lead_deleted', { details: { leadId: params.id } });
    await recordAccess(ctx, { action: 'contact_deleted', contactId: params.id, contactCount: 1 });
    ctx.status = 204;
  });

  return router;
}
