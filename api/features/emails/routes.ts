/** `{base}/emails…` of the admin API: the Emails screen, a contact's e-mails, and the count the webinar deletion dialog shows. */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { emailListQuerySchema } from '../../schemas/emails.ts';
import { contactListQuerySchema, emailParamsSchema, leadParamsSchema, webinarParamsSchema } from '../../schemas/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin } from '../../platform/http/auth.ts';
import { countCancellationRecipients, findEmailOr404, listEmails, listLeadEmails, resendEmail } from './emails.ts';
import { findWebinarOr404 } from '../webinars/webinars.ts';
import { presentEmailDetail, presentEmailPage } from '../../presenters/emails.ts';

const listSchemas = { query: emailListQuerySchema };
const oneEmailSchemas = { params: emailParamsSchema };
const oneWebinarSchemas = { params: webinarParamsSchema };
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

  // The deletion dialog: "N personnes inscrites recevront un e-mail d'annulation."
  router.get('/webinars/:id/cancellation-recipients', requireAdmin, validate(oneWebinarSchemas), async (ctx) => {
    const { params } = input(ctx, oneWebinarSchemas);
    const webinar = await findWebinarOr404(ctx.knex, params.id);
    ctx.body = { count: await countCancellationRecipients(ctx.knex, webinar.id) };
  });

  return router;
}
