/** `{base}/emails…` of the admin API: the Emails screen and a contact's e-mails. */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { emailListQuerySchema, presentEmailDetail, presentEmailPage } from './contract/index.ts';
import { contactListQuerySchema, emailParamsSchema, leadParamsSchema } from '../../contract/params.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { findEmailOr404, listEmails, listLeadEmails, resendEmail } from './emails.ts';

const listSchemas = { query: emailListQuerySchema };
const oneEmailSchemas = { params: emailParamsSchema };
const leadEmailsSchemas = { params: leadParamsSchema, query: contactListQuerySchema };

export function adminEmailsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/emails', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    const { emails, total } = await listEmails(ctx.knex, query);
    ctx.body = presentEmailPage(emails, query, total);
  });

  // The contact page's e-mails: 20 at a time with "Voir plus", as its activities (decision 089).
  router.get('/leads/:id/emails', requireAdmin, validate(leadEmailsSchemas), async (ctx) => {
    const { params, query } = input(ctx, leadEmailsSchemas);
    const { emails, total } = await listLeadEmails(ctx.knex, params.id, query);
    ctx.body = presentEmailPage(emails, query, total);
  });

  router.get('/emails/:id', requireAdmin, validate(oneEmailSchemas), async (ctx) => {
    const { params } = input(ctx, oneEmailSchemas);
    ctx.body = presentEmailDetail(await findEmailOr404(ctx.knex, params.id));
  });

  router.post('/emails/:id/resend', requireAdmin, validate(oneEmailSchemas), async (ctx) => {
    const { params } = input(ctx, oneEmailSchemas);
    const id = await resendEmail(ctx.knex, params.id);
    ctx.status = 202;
    ctx.body = { id };
  });

  return router;
}
