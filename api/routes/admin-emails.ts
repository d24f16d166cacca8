/** `{base}/emails…` of the admin API: the Emails screen, and the count the webinar deletion dialog shows. */
import type Router from '@koa/router';
import { apiRouter } from './router.ts';
import { emailListQuerySchema } from '../schemas/emails.ts';
import { input, validate } from '../middleware/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { countCancellationRecipients, findEmailOr404, listEmails, resendEmail } from '../services/emails.ts';
import { findWebinarOr404 } from '../services/webinars.ts';
import { presentEmailDetail, presentEmailPage } from '../presenters/emails.ts';

const listSchemas = { query: emailListQuerySchema };

export function adminEmailsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/emails', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    const { emails, total } = await listEmails(ctx.knex, query);
    ctx.body = presentEmailPage(emails, query, total);
  });

  router.get('/emails/:id', requireAdmin, async (ctx) => {
    ctx.body = presentEmailDetail(await findEmailOr404(ctx.knex, ctx.params.id));
  });

  router.post('/emails/:id/resend', requireAdmin, async (ctx) => {
    const id = await resendEmail(ctx.knex, ctx.params.id);
    ctx.status = 202;
    ctx.body = { id };
  });

  // The deletion dialog: "N personnes inscrites recevront un e-mail d'annulation."
  router.get('/webinars/:id/cancellation-recipients', requireAdmin, async (ctx) => {
    const webinar = await findWebinarOr404(ctx.knex, ctx.params.id);
    ctx.body = { count: await countCancellationRecipients(ctx.knex, webinar.id) };
  });

  return router;
}
