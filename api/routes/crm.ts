/** `/api/crm/leads/{id}/tags` and `/api/crm/leads/{id}/activities`: working on one contact. */
import type Router from '@koa/router';
import { apiRouter } from './router.ts';
import { activityCreateSchema, tagNameSchema, tagSchema } from '../schemas/index.ts';
import { input, validate } from '../middleware/validate.ts';
import { requireAdmin, signedInUser } from '../middleware/auth.ts';
import { addTag, leadTags, removeTag } from '../services/leads.ts';
import { createActivity, listLeadActivities } from '../services/activities.ts';
import { presentActivity, presentActivityList, presentTags } from '../presenters/index.ts';

const tagSchemas = { body: tagSchema };
const activitySchemas = { body: activityCreateSchema };

export function crmRouter(): Router {
  const router = apiRouter({ prefix: '/api/crm/leads' });

  router.get('/:id/tags', requireAdmin, async (ctx) => {
    ctx.body = presentTags(await leadTags(ctx.knex, ctx.params.id));
  });

  router.post('/:id/tags', requireAdmin, validate(tagSchemas), async (ctx) => {
    const { body } = input(ctx, tagSchemas);
    ctx.status = 201;
    ctx.body = presentTags(await addTag(ctx.knex, ctx.params.id, body.tag));
  });

  // `:tag` arrives URL-decoded by the router; an encoded slash (%2F) stays inside the one segment.
  router.delete('/:id/tags/:tag', requireAdmin, async (ctx) => {
    const tag = tagNameSchema.parse(ctx.params.tag);
    ctx.body = presentTags(await removeTag(ctx.knex, ctx.params.id, tag));
  });

  router.get('/:id/activities', requireAdmin, async (ctx) => {
    ctx.body = presentActivityList(await listLeadActivities(ctx.knex, ctx.params.id));
  });

  router.post('/:id/activities', requireAdmin, validate(activitySchemas), async (ctx) => {
    const { body } = input(ctx, activitySchemas);
    ctx.status = 201;
    ctx.body = presentActivity(await createActivity(ctx.knex, ctx.params.id, body, signedInUser(ctx).id));
  });

  return router;
}
