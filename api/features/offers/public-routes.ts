/**
 * `POST /api/offers/accept` (docs/decisions/131-offer-pdf-and-public-page.md): the offer page's one form,
 * "J'accepte l'offre", with the link's token and the billing address. A plain HTML form post (no
 * JavaScript) is answered 303 to the offer's page with the signed message, which then shows the offer as
 * it is now (accepted); JSON gets `{status, message}`. A wrong token and an unknown offer get the same 404:
 * a link tells nothing about other people's offers. An offer already accepted, expired or withdrawn: 409
 * with the French reason, shown on the page the same way.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { apiRouter } from '../../platform/http/router.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { limitPerIp } from '../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../platform/lib/rate-limit.ts';
import { pageAnswer } from '../../platform/http/page-answer.ts';
import { HttpError } from '../../platform/errors.ts';
import { ipPrefix } from '../../platform/lib/client-ip.ts';
import { OFFER_MESSAGES, OFFER_TOKEN_PATTERN, offerAcceptSchema } from './contract/index.ts';
import { acceptOffer } from './accept.ts';
import { OFFER_PAGE_PREFIX, offerIdOfToken } from './links.ts';

const acceptSchemas = { body: offerAcceptSchema };

/** The page of the offer the form named (only a well-formed token is kept). */
function offerPageOf(ctx: Context): string {
  const token = (ctx.request.body as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && OFFER_TOKEN_PATTERN.test(token) ? `${OFFER_PAGE_PREFIX}${token}` : OFFER_PAGE_PREFIX;
}

const limited = () => limitPerIp(RATE_LIMIT_RULES.leadsPerIpMinute, RATE_LIMIT_RULES.leadsPerIpDay);

export function publicOffersRouter(): Router {
  const router = apiRouter();

  router.post('/api/offers/accept', pageAnswer(offerPageOf), limited(), validate(acceptSchemas, { allowForm: true }), async (ctx) => {
    const { body } = input(ctx, acceptSchemas);
    const offerId = offerIdOfToken(ctx.config.sessionSecret, body.token);
    if (offerId === undefined) throw new HttpError(404, OFFER_MESSAGES.invalidLink);
    const { token: _token, ...address } = body;
    const { offer } = await acceptOffer(ctx.knex, { offerId, address, ipPrefix: ipPrefix(ctx.ip) });
    ctx.body = { status: offer.status, message: OFFER_MESSAGES.accepted };
  });

  return router;
}
