/** A contact's offers and the billing settings' plans (to prefill a line), with their cache keys; the offer changes. */
import type { OfferJson, OfferPageJson, OfferCreate } from '#contract/offers';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';

/** The plans of Paramètres → Facturation (GET /api/admin/billing-settings), as the offer form uses them. */
export interface BillingPlansJson {
  plans: Array<{ id: string; label: string; priceCents: number }>;
  vatRatePercent: number | null;
}

/** An offer written, sent or withdrawn shows in the contact's offers and in its activities. */
const offerTouches = (leadId: number): QueryKey[] => [['offers'], ['lead', String(leadId)], ['activities'], ['emails']];

export const offerQueries = {
  lead: (leadId: number) => ({
    key: ['offers', 'lead', adminBase(), String(leadId)] as const,
    fetcher: getJson<OfferPageJson>(withQuery(`${adminBase()}/offers`, { leadId, limit: 100 })),
  }),
  plans: () => ({
    key: ['billing-settings', adminBase()] as const,
    fetcher: getJson<BillingPlansJson>(`${adminBase()}/billing-settings`),
  }),
};

export const offerMutations = {
  create: mutation(
    (leadId: number, body: OfferCreate) => http.post(`${adminBase()}/leads/${leadId}/offers`, { json: body }).json<OfferJson>(),
    (leadId) => offerTouches(leadId),
  ),
  send: mutation(
    (id: number, _leadId: number) => http.post(`${adminBase()}/offers/${id}/send`).json<OfferJson>(),
    (_id, leadId) => offerTouches(leadId),
  ),
  withdraw: mutation(
    (id: number, _leadId: number) => http.post(`${adminBase()}/offers/${id}/withdraw`).json<OfferJson>(),
    (_id, leadId) => offerTouches(leadId),
  ),
};

/** The offer's PDF, opened in a new tab. */
export const offerPdfUrl = (id: number) => `${adminBase()}/offers/${id}/pdf`;
