/** `{base}/analytics/visits`: the visits counted by the server over a period (decision 111). */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { visitsQuerySchema, presentVisits } from './contract/index.ts';
import { visitsReport } from './report.ts';

const schemas = { query: visitsQuerySchema };

export function adminVisitsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/analytics/visits', requireAdmin, validate(schemas), async (ctx) => {
    const { query } = input(ctx, schemas);
    ctx.body = presentVisits(await visitsReport(ctx.knex, query.period));
  });

  return router;
}
