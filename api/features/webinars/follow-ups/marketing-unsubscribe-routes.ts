/**
 * `POST /relances-webinaire/desinscription?lead=…&token=…` (decision 091): the `List-Unsubscribe`
 * address of the invitations and follow-ups. A mail client's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`) or a JSON client gets 200 `{status, message}`; the page's button (a
 * plain form post, no JavaScript, no cookie) gets a 303 to the result page with the signed message.
 * Opened with GET, the same address is the static page with that button: following a link (as mail
 * scanners do) changes nothing. A wrong or forged link: 404 with a French message, or the result page
 * saying so. The signed token is the only credential, so no same-origin check applies.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { apiRouter } from '../../../platform/http/router.ts';
import { marketingUnsubscribeQuerySchema } from '../contract/index.ts';
import { seeOther } from '../../../platform/http/html-form-fallback.ts';
import { MARKETING_UNSUBSCRIBE_PATH } from '../mail/links.ts';
import { HttpError, toHttpError } from '../../../platform/errors.ts';
import { MARKETING_UNSUBSCRIBE_MESSAGES, unsubscribeFromMarketing } from './marketing-unsubscribe.ts';

export const MARKETING_UNSUBSCRIBE_RESULT_PATH = '/relances-webinaire/resultat/';

/** 303 to the result page with the message signed (api/platform/http/html-form-fallback.ts). */
function resultPage(ctx: Context, message: string): void {
  seeOther(ctx, { path: MARKETING_UNSUBSCRIBE_RESULT_PATH, message });
}

export function marketingUnsubscribeRouter(): Router {
  const router = apiRouter();

  // Registered without the trailing slash: the router matches the page's address with or without it.
  router.post(MARKETING_UNSUBSCRIBE_PATH.replace(/\/$/, ''), async (ctx) => {
    const oneClick = (ctx.request.body as Record<string, string> | undefined)?.['List-Unsubscribe'] === 'One-Click';
    // The page's form has no field: a browser posts it with an empty body.
    const page = !oneClick && ctx.state.bodyFormat !== 'json';
    try {
      const query = marketingUnsubscribeQuerySchema.safeParse({ ...ctx.query });
      if (!query.success) throw new HttpError(404, MARKETING_UNSUBSCRIBE_MESSAGES.invalid);
      await unsubscribeFromMarketing(ctx.knex, ctx.config.sessionSecret, query.data);
    } catch (error) {
      const known = toHttpError(error);
      if (!page || !known || known.status >= 500) throw error;
      return resultPage(ctx, known.message);
    }
    if (page) return resultPage(ctx, MARKETING_UNSUBSCRIBE_MESSAGES.done);
    ctx.body = { status: 'unsubscribed', message: MARKETING_UNSUBSCRIBE_MESSAGES.done };
  });

  return router;
}
