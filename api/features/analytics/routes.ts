/** `{base}/analytics` and `{base}/analytics/report.csv`: the analytics screen's series and the dashboard's report. */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { analyticsQuerySchema } from '../../schemas/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { analytics } from './analytics.ts';
import { analyticsReportCsv } from './analytics-report.ts';
import { presentAnalytics } from '../../presenters/index.ts';

const periodSchemas = { query: analyticsQuerySchema };

export function adminAnalyticsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/analytics', requireAdmin, validate(periodSchemas), async (ctx) => {
    const { query } = input(ctx, periodSchemas);
    ctx.body = presentAnalytics(await analytics(ctx.knex, query.period));
  });

  router.get('/analytics/report.csv', requireAdmin, validate(periodSchemas), async (ctx) => {
    const { query } = input(ctx, periodSchemas);
    const data = await analytics(ctx.knex, query.period);
    ctx.set('Content-Disposition', `attachment; filename="rapport-${query.period}-${data.to.toISOString().slice(0, 10)}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = analyticsReportCsv(data);
  });

  return router;
}
