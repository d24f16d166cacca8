/** `{base}/stats/…` and `{base}/activities/recent`: the dashboard figures (base: /api/admin or /api/admin-dev). */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { recentActivitiesQuerySchema, presentRecentActivity } from '../contacts/contract/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { leadStats, recentActivities } from '../contacts/index.ts';
import { webinarStats } from '../webinars/index.ts';
import { backupStats } from '../operations/index.ts';
import { presentBackupStats, presentLeadStats, presentWebinarStats } from './contract/index.ts';

const recentSchemas = { query: recentActivitiesQuerySchema };

export function adminDashboardRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/stats/leads', requireAdmin, async (ctx) => {
    ctx.body = presentLeadStats(await leadStats(ctx.knex));
  });

  router.get('/stats/webinars', requireAdmin, async (ctx) => {
    ctx.body = presentWebinarStats(await webinarStats(ctx.knex));
  });

  router.get('/stats/backups', requireAdmin, async (ctx) => {
    ctx.body = presentBackupStats(await backupStats(ctx.knex));
  });

  router.get('/activities/recent', requireAdmin, validate(recentSchemas), async (ctx) => {
    const { query } = input(ctx, recentSchemas);
    ctx.body = (await recentActivities(ctx.knex, query.limit)).map(presentRecentActivity);
  });

  return router;
}
