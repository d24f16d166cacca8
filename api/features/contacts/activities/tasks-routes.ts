/** `{base}/tasks…` and `{base}/activities`: open tasks across contacts and the feed of every activity. */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import { activityFeedQuerySchema, taskListQuerySchema, presentAssignees, presentRecentActivity, presentTaskCounts, presentTaskPage } from '../contract/index.ts';
import { presentPage } from '../../../contract/presenting.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { assignableUsers, listTasks, taskCounts } from './tasks.ts';
import { activityFeed } from './activities.ts';

const listSchemas = { query: taskListQuerySchema };
const feedSchemas = { query: activityFeedQuerySchema };

export function adminTasksRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/tasks', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    const { tasks, total } = await listTasks(ctx.knex, query);
    ctx.body = presentTaskPage(tasks, query, total);
  });

  router.get('/tasks/counts', requireAdmin, async (ctx) => {
    ctx.body = presentTaskCounts(await taskCounts(ctx.knex));
  });

  router.get('/tasks/assignees', requireAdmin, async (ctx) => {
    ctx.body = presentAssignees(await assignableUsers(ctx.knex));
  });

  router.get('/activities', requireAdmin, validate(feedSchemas), async (ctx) => {
    const { query } = input(ctx, feedSchemas);
    const { activities, total } = await activityFeed(ctx.knex, query.page, query.limit);
    ctx.body = { activities: activities.map(presentRecentActivity), pagination: presentPage(query, total) };
  });

  return router;
}
