/**
 * `{base}/…offers` (base: /api/admin or /api/admin-dev; docs/decisions/130-offers-amounts-and-acceptance.md).
 * Viewers read; only administrators change (the central role guard refuses a viewer's POST before this runs).
 * - `POST /leads/:id/offers` → 201 the draft with its amounts (`netCents`, `vatCents`, `totalCents`);
 * - `GET /offers?status&leadId&page&limit` → `{offers, pagination}`, newest first; `GET /offers/:id`;
 * - `GET /offers/:id/pdf`: the offer as the person receives it;
 * - `POST /offers/:id/send` → 202 (the e-mail is queued with the offer's state change);
 * - `POST /offers/:id/withdraw`: its link then says the offer was withdrawn.
 * Each change is in the audit log.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../platform/http/router.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { requireAdmin, signedInUser } from '../../platform/http/auth.ts';
import { auditRequest } from '../../platform/audit.ts';
import { leadParamsSchema } from '../../contract/params.ts';
import { offerCreateSchema, offerListQuerySchema, offerParamsSchema, presentOffer, presentOfferPage } from './contract/index.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';
import { createOffer, listOffers, readOfferOr404, sendOffer, shownStatus, withdrawOffer } from './store.ts';
import { offerPdf } from './pdf.ts';
import { sellerFacts } from './billing-port.ts';
import { offerUrl } from './links.ts';

const createSchemas = { params: leadParamsSchema, body: offerCreateSchema };
const listSchemas = { query: offerListQuerySchema };
const oneSchemas = { params: offerParamsSchema };

export function adminOffersRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.post('/leads/:id/offers', requireAdmin, validate(createSchemas), async (ctx) => {
    const { params, body } = input(ctx, createSchemas);
    const offer = await createOffer(ctx.knex, params.id, body, signedInUser(ctx).id);
    await auditRequest(ctx, 'offer_created', { details: { offerId: offer.id, leadId: offer.leadId } });
    ctx.status = 201;
    ctx.body = presentOffer(offer, shownStatus(offer));
  });

  router.get('/offers', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    const today = swissDay(new Date());
    const { offers, total } = await listOffers(ctx.knex, query, today);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentOfferPage(
      offers.map((offer) => ({ ...offer, shownStatus: shownStatus(offer, today) })),
      query,
      total,
    );
  });

  router.get('/offers/:id', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    const offer = await readOfferOr404(ctx.knex, params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentOffer(offer, shownStatus(offer));
  });

  router.get('/offers/:id/pdf', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    const offer = await readOfferOr404(ctx.knex, params.id);
    const lead = (await ctx.knex('leads').where({ id: offer.leadId }).first('firstName', 'lastName', 'email')) as { firstName: string | null; lastName: string | null; email: string | null };
    const pdf = await offerPdf({
      offer,
      seller: await sellerFacts(ctx.knex),
      client: { name: [lead.firstName, lead.lastName].filter(Boolean).join(' '), email: lead.email },
      link: offer.status === 'draft' ? undefined : offerUrl(ctx.config.publicUrl ?? ctx.origin, ctx.config.sessionSecret, offer.id),
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `inline; filename="offre-${offer.id}.pdf"`);
    ctx.type = 'application/pdf';
    ctx.body = pdf;
  });

  router.post('/offers/:id/send', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    const offer = await sendOffer(ctx.knex, params.id, signedInUser(ctx).id);
    await auditRequest(ctx, 'offer_sent', { details: { offerId: offer.id, leadId: offer.leadId } });
    ctx.status = 202;
    ctx.body = presentOffer(offer, shownStatus(offer));
  });

  router.post('/offers/:id/withdraw', requireAdmin, validate(oneSchemas), async (ctx) => {
    const { params } = input(ctx, oneSchemas);
    const offer = await withdrawOffer(ctx.knex, params.id, signedInUser(ctx).id);
    await auditRequest(ctx, 'offer_withdrawn', { details: { offerId: offer.id, leadId: offer.leadId } });
    ctx.body = presentOffer(offer, shownStatus(offer));
  });

  return router;
}
