/**
 * The newsletter:
 * - `POST /api/newsletter {firstName?, email}` → 202 `{ status: "received" }`, the same whatever the
 *   address (known, subscribed, new). A plain HTML form post gets a 303 to /newsletter/merci/.
 * - `POST /newsletter/confirmer?token=…`: the confirmation page's button (the page is static; its form
 *   posts to its own address). → 303 /newsletter/confirmee/ (or /newsletter/lien-invalide/).
 * - `POST /newsletter/desinscription?token=…`: the `List-Unsubscribe` link. A mail client's one-click
 *   POST (RFC 8058, body `List-Unsubscribe=One-Click`) gets 200 at once; the page's button gets a 303
 *   to /newsletter/desinscrit/. Opened with GET, the same address is the static page with that button.
 * The link token is the only credential: these POSTs come from mail providers and from the page alike,
 * carry no cookie, and change one subscription only, so no same-origin check applies.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { apiRouter } from '../../platform/http/router.ts';
import { newsletterSubscribeSchema, newsletterTokenQuerySchema } from '../privacy/contract/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { honeypot } from '../../platform/http/honeypot.ts';
import { limitPerIp } from '../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../platform/lib/rate-limit.ts';
import { ipPrefix } from '../../platform/lib/client-ip.ts';
import { confirmNewsletter, requestNewsletter, unsubscribeNewsletter } from './subscription.ts';
import { submissionTouch } from '../attribution/index.ts';

const subscribeSchemas = { body: newsletterSubscribeSchema };
const tokenSchemas = { query: newsletterTokenQuerySchema };

function seeOther(ctx: Context, pathname: string): void {
  ctx.redirect(pathname);
  ctx.status = 303;
}

/** The same answer to every request, a person's or a robot's: 303 to the thank-you page for a form, else 202. */
function received(ctx: Context): void {
  if (ctx.state.bodyFormat === 'form') return seeOther(ctx, '/newsletter/merci/');
  ctx.status = 202;
  ctx.body = { status: 'received' };
}

/** A link whose token is malformed is answered like an unknown one: the page says the link is invalid. */
async function invalidLinkPage(ctx: Context, next: () => Promise<unknown>): Promise<void> {
  if (!newsletterTokenQuerySchema.safeParse({ ...ctx.query }).success) return seeOther(ctx, '/newsletter/lien-invalide/');
  await next();
}

export function newsletterSubscriptionRouter(): Router {
  const router = apiRouter();

  router.post(
    '/api/newsletter',
    limitPerIp(RATE_LIMIT_RULES.leadsPerIpMinute, RATE_LIMIT_RULES.leadsPerIpDay),
    validate(subscribeSchemas, { allowForm: true }),
    // After validation: a robot's malformed address is refused like a person's (api/platform/http/honeypot.ts).
    honeypot(received),
    async (ctx) => {
      const { website: _honeypot, touchPage, touchReferrer, ...request } = input(ctx, subscribeSchemas).body;
      // Where the person came from (decision 115), kept as the contact's first touch if it has none.
      const touch = await submissionTouch(ctx, { touchPage, touchReferrer });
      await ctx.knex.transaction((trx) => requestNewsletter(trx, { ...request, ipPrefix: ipPrefix(ctx.ip), touch }));
      received(ctx);
    },
  );

  router.post('/newsletter/confirmer', invalidLinkPage, validate(tokenSchemas, { allowForm: true }), async (ctx) => {
    const confirmed = await confirmNewsletter(ctx.knex, input(ctx, tokenSchemas).query.token, ipPrefix(ctx.ip));
    seeOther(ctx, confirmed ? '/newsletter/confirmee/' : '/newsletter/lien-invalide/');
  });

  router.post('/newsletter/desinscription', invalidLinkPage, validate(tokenSchemas, { allowForm: true }), async (ctx) => {
    const done = await unsubscribeNewsletter(ctx.knex, input(ctx, tokenSchemas).query.token, ipPrefix(ctx.ip));
    const oneClick = (ctx.request.body as Record<string, string> | undefined)?.['List-Unsubscribe'] === 'One-Click';
    if (oneClick) {
      ctx.status = done ? 200 : 404;
      ctx.body = { status: done ? 'unsubscribed' : 'unknown' };
      return;
    }
    seeOther(ctx, done ? '/newsletter/desinscrit/' : '/newsletter/lien-invalide/');
  });

  return router;
}
