/** `/api/crm/leads/{id}/tags` and `/api/crm/leads/{id}/activities`: working on one contact. */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import { activityCreateSchema, tagSchema, presentActivity, presentActivityPage, presentTags } from '../contract/index.ts';
import { contactListQuerySchema, leadParamsSchema, leadTagParamsSchema } from '../../../contract/params.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireAdmin, signedInUser } from '../../../platform/http/auth.ts';
import { addTag, leadTags, removeTag } from './lead-tags.ts';
import { createActivity, listLeadActivities } from '../activities/activities.ts';

const oneLeadSchemas = { params: leadParamsSchema };
const activityListSchemas = { params: leadParamsSchema, query: contactListQuerySchema };
const tagSchemas = { body: tagSchema, params: leadParamsSchema };
const tagRemovalSchemas = { params: leadTagParamsSchema };
const activitySchemas = { body: activityCreateSchema, params: leadParamsSchema };

export function crmRouter(): Router {
  const router = apiRouter({ prefix: '/api/crm/leads' });

  router.get('/:id/tags', requireAdmin, validate(oneLeadSchemas), async (ctx) => {
    const { params } = input(ctx, oneLeadSchemas);
    ctx.body = presentTags(await leadTags(ctx.knex, params.id));
  });

  router.post('/:id/tags', requireAdmin, validate(tagSchemas), async (ctx) => {
    const { body, params } = input(ctx, tagSchemas);
    ctx.status = 201;
    ctx.body = presentTags(await addTag(ctx.knex, params.id, body.tag));
  });

  // `:tag` arrives URL-decoded by the router; an encoded slash (%2F) stays inside the one segment.
  router.delete('/:id/tags/:tag', requireAdmin, validate(tagRemovalSchemas), async (ctx) => {
    const { params } = input(ctx, tagRemovalSchemas);
    ctx.body = presentTags(await removeTag(ctx.knex, params.id, params.tag));
  });

  // One page at a time, newest first: a contact can gather thousands of activities (decision 089).
  router.get('/:id/activities', requireAdmin, validate(activityListSchemas), async (ctx) => {
    const { params, query } = input(ctx, activityListSchemas);
    const { activities, total } = await listLeadActivities(ctx.knex, params.id, query);
    ctx.body = presentActivityPage(activities, query, total);
  });

  router.post('/:id/activities', requireAdmin, validate(activitySchemas), async (ctx) => {
    const { body, params } = input(ctx, activitySchemas);
    ctx.status = 201;
    ctx.body = presentActivity(await createActivity(ctx.knex, params.id, body, signedInUser(ctx).id));
  });

  return router;
}
