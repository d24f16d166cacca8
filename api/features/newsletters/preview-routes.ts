/**
 * `GET {base}/newsletters/:id/preview`: a saved issue as a sample recipient would get it, for those who
 * read without writing (decision 114). The editor's live preview is a POST of the draft, which the central
 * role guard refuses a viewer; a viewer, and anyone on an issue that has gone out, reads this instead.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { newsletterParamsSchema, presentNewsletterPreview } from './contract/index.ts';
import { findIssueOr404 } from './issues.ts';
import { previewIssue } from './preview.ts';

const oneSchemas = { params: newsletterParamsSchema };

export function adminNewsletterPreviewRouter(base: string): Router {
  const router = apiRouter({ prefix: base });
  router.get('/newsletters/:id/preview', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    const issue = await findIssueOr404(ctx.knex, params.id);
    const content = { subject: issue.subject, preheader: issue.preheader, body: issue.body };
    ctx.body = presentNewsletterPreview(await previewIssue(ctx.knex, content, { publicUrl: ctx.config.publicUrl ?? ctx.origin, linkSecret: ctx.config.sessionSecret }));
  });
  return router;
}
