/** `{base}/audit` of the admin API: the security record, newest first. */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { auditListQuerySchema } from '../../contract/audit.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { listAuditEvents } from '../../platform/audit.ts';
import { presentAuditEvent } from './contract/index.ts';

const listSchemas = { query: auditListQuerySchema };

export function adminAuditRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/audit', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    const { events, total } = await listAuditEvents(ctx.knex, query);
    ctx.body = { events: events.map(presentAuditEvent), pagination: { page: query.page, limit: query.limit, total } };
  });

  return router;
}
