/**
 * `{base}/analytics` and `{base}/analytics/report.csv`: the analytics screen's series and the dashboard's report;
 * `{base}/analytics/funnel` and `{base}/analytics/sources`: the funnel from visit to discovery call, whole and per origin (decision 116).
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { analyticsQuerySchema, funnelQuerySchema, presentAnalytics, presentFunnel, presentSourceFunnel } from './contract/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { analytics } from './analytics.ts';
import { analyticsReportCsv } from './analytics-report.ts';
import { bookingExists, funnel } from './funnel.ts';
import { sourceFunnel } from './sources.ts';

const periodSchemas = { query: analyticsQuerySchema };
const funnelSchemas = { query: funnelQuerySchema };

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

  router.get('/analytics/funnel', requireAdmin, validate(funnelSchemas), async (ctx) => {
    const { query } = input(ctx, funnelSchemas);
    ctx.body = presentFunnel(await funnel(ctx.knex, query.period, query));
  });

  router.get('/analytics/sources', requireAdmin, validate(funnelSchemas), async (ctx) => {
    const { query } = input(ctx, funnelSchemas);
    const [rows, calls] = await Promise.all([sourceFunnel(ctx.knex, query.period, query), bookingExists(ctx.knex)]);
    ctx.body = presentSourceFunnel(rows, calls);
  });

  return router;
}
