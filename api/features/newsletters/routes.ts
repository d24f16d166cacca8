/**
 * `{base}/newsletters…` (base: /api/admin or /api/admin-dev; decision 112). Viewers read; only
 * administrators change (the central role guard refuses a viewer's other methods before this runs).
 * - `GET /newsletters`, `POST /newsletters`, `GET`/`PATCH`/`DELETE /newsletters/:id`;
 * - `POST /newsletters/preview` (the editor's live preview), `GET /newsletters/audience?tags=`;
 * - `POST /newsletters/:id/test|send|pause|resume|cancel|retry-failed`;
 * - `GET /newsletters/:id/recipients?status=` and `recipients.csv`.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin, signedInUser } from '../../platform/http/auth.ts';
import { requireRecentFactor } from '../../platform/http/reauth.ts';
import { auditRequest } from '../../platform/audit.ts';
import { recordAccess } from '../../platform/access-log.ts';
import { sendCsv } from '../../platform/lib/csv-export.ts';
import {
  newsletterAudienceQuerySchema,
  newsletterCreateSchema,
  newsletterParamsSchema,
  newsletterPreviewSchema,
  newsletterRecipientsQuerySchema,
  newsletterSendSchema,
  newsletterTestSchema,
  newsletterUpdateSchema,
  presentNewsletter,
  presentNewsletterList,
  presentNewsletterPreview,
  presentNewsletterRecipients,
} from './contract/index.ts';
import { audienceCount, createIssue, deleteDraft, listIssues, readIssue, updateIssue } from './issues.ts';
import { cancelIssue, pauseIssue, resumeIssue, retryFailed, sendIssue, sendTest } from './sending.ts';
import { exportRecipients, listRecipients } from './recipients.ts';
import { previewIssue } from './preview.ts';
import { wakeDispatchers } from './dispatcher.ts';

const oneSchemas = { params: newsletterParamsSchema };
const createSchemas = { body: newsletterCreateSchema };
const updateSchemas = { params: newsletterParamsSchema, body: newsletterUpdateSchema };
const previewSchemas = { body: newsletterPreviewSchema };
const audienceSchemas = { query: newsletterAudienceQuerySchema };
const testSchemas = { params: newsletterParamsSchema, body: newsletterTestSchema };
const sendSchemas = { params: newsletterParamsSchema, body: newsletterSendSchema };
const recipientsSchemas = { params: newsletterParamsSchema, query: newsletterRecipientsQuerySchema };

export function adminNewslettersRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/newsletters', requireAdmin, async (ctx) => {
    ctx.body = presentNewsletterList(await listIssues(ctx.knex));
  });

  router.post('/newsletters', requireAdmin, validate(createSchemas), async (ctx) => {
    const { body } = input(ctx, createSchemas);
    const issue = await createIssue(ctx.knex, body, signedInUser(ctx).id);
    ctx.status = 201;
    ctx.body = presentNewsletter(issue);
  });

  router.post('/newsletters/preview', requireAdmin, validate(previewSchemas), async (ctx) => {
    const { body } = input(ctx, previewSchemas);
    ctx.body = presentNewsletterPreview(await previewIssue(ctx.knex, body, { publicUrl: ctx.config.publicUrl ?? ctx.origin, linkSecret: ctx.config.sessionSecret }));
  });

  router.get('/newsletters/audience', requireAdmin, validate(audienceSchemas), async (ctx) => {
    const { query } = input(ctx, audienceSchemas);
    ctx.body = { count: await audienceCount(ctx.knex, query.tags) };
  });

  router.get('/newsletters/:id', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    const { issue, counts } = await readIssue(ctx.knex, params.id);
    ctx.body = presentNewsletter(issue, counts);
  });

  router.patch('/newsletters/:id', requireAdmin, validate(updateSchemas), async (ctx) => {
    const { params, body } = input(ctx, updateSchemas);
    await updateIssue(ctx.knex, params.id, body);
    const { issue, counts } = await readIssue(ctx.knex, params.id);
    ctx.body = presentNewsletter(issue, counts);
  });

  router.delete('/newsletters/:id', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    await deleteDraft(ctx.knex, params.id);
    ctx.status = 204;
  });

  router.post('/newsletters/:id/test', requireAdmin, validate(testSchemas), async (ctx) => {
    const { params, body } = input(ctx, testSchemas);
    const emailId = await sendTest(ctx.knex, params.id, body.to ?? signedInUser(ctx).email);
    ctx.status = 202;
    ctx.body = { emailId };
  });

  router.post('/newsletters/:id/send', requireAdmin, validate(sendSchemas), async (ctx) => {
    const { params, body } = input(ctx, sendSchemas);
    await sendIssue(ctx.knex, params.id, body.at ? new Date(body.at) : undefined);
    wakeDispatchers();
    const { issue, counts } = await readIssue(ctx.knex, params.id);
    ctx.status = 202;
    ctx.body = presentNewsletter(issue, counts);
  });

  for (const [action, change] of [
    ['pause', pauseIssue],
    ['resume', resumeIssue],
    ['cancel', cancelIssue],
  ] as const) {
    router.post(`/newsletters/:id/${action}`, requireAdmin, validate(oneSchemas), async (ctx) => {
      const { params } = input(ctx, oneSchemas);
      await change(ctx.knex, params.id);
      if (action === 'resume') wakeDispatchers();
      const { issue, counts } = await readIssue(ctx.knex, params.id);
      ctx.body = presentNewsletter(issue, counts);
    });
  }

  router.post('/newsletters/:id/retry-failed', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    const requeued = await retryFailed(ctx.knex, params.id);
    wakeDispatchers();
    ctx.status = 202;
    ctx.body = { requeued };
  });

  router.get('/newsletters/:id/recipients', requireAdmin, validate(recipientsSchemas), async (ctx) => {
    const { params, query } = input(ctx, recipientsSchemas);
    ctx.body = presentNewsletterRecipients(await listRecipients(ctx.knex, params.id, query.status));
  });

  router.get('/newsletters/:id/recipients.csv', requireAdmin, requireRecentFactor, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    sendCsv(
      ctx,
      await exportRecipients(ctx.knex, params.id, async (details, contactIds) => {
        await auditRequest(ctx, 'leads_exported', { details });
        await recordAccess(ctx, { action: 'recipients_exported', contactIds, details: { ...details, format: 'csv' } });
      }),
    );
  });

  return router;
}
