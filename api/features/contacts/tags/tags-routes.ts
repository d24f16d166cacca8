/** `{base}/tags` of the admin API: every tag with its contact count; rename (merging) and delete. */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import { tagParamsSchema, tagRenameSchema, presentTag, presentTagChange } from '../contract/index.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { deleteTag, listTags, renameTag } from './tags.ts';
import { auditRequest } from '../../../platform/audit.ts';

const oneTagSchemas = { params: tagParamsSchema };
const renameSchemas = { params: tagParamsSchema, body: tagRenameSchema };

export function adminTagsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/tags', requireAdmin, async (ctx) => {
    ctx.body = { tags: (await listTags(ctx.knex)).map(presentTag) };
  });

  router.patch('/tags/:name', requireAdmin, validate(renameSchemas), async (ctx) => {
    const { params, body } = input(ctx, renameSchemas);
    const result = await renameTag(ctx.knex, params.name, body.name);
    await auditRequest(ctx, 'tag_renamed', { details: { from: params.name, to: result.name, contacts: result.contacts, merged: result.merged } });
    ctx.body = presentTagChange(result);
  });

  router.delete('/tags/:name', requireAdmin, validate(oneTagSchemas), async (ctx) => {
    const { params } = input(ctx, oneTagSchemas);
    const result = await deleteTag(ctx.knex, params.name);
    await auditRequest(ctx, 'tag_deleted', { details: { name: params.name, contacts: result.contacts } });
    ctx.body = presentTagChange(result);
  });

  return router;
}
