/** A contact's offers and the billing settings' plans (to prefill a line), with their cache keys; the offer changes. */
import type { OfferJson, OfferPageJson, OfferCreate } from '#contract/offers';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { activityKeys } from '../activities/queries.ts';
import { billingKeys } from '../billing/queries.ts';
import { contactKeys } from '../contacts/queries.ts';
import { emailKeys } from '../emails/queries.ts';

/** The plans of Paramètres → Facturation (GET /api/admin/billing-settings), as the offer form uses them. */
export interface BillingPlansJson {
  plans: Array<{ id: string; label: string; priceCents: number }>;
  vatRatePercent: number | null;
}

/** An offer written, sent or withdrawn shows in the contact's offers and in its activities. */
/** The offers' cache key. */
export const offerKeys = {
  all: ['offers'] as const,
};

const offerTouches = (leadId: number): QueryKey[] => [offerKeys.all, contactKeys.lead(leadId), activityKeys.activities, emailKeys.all];

export const offerQueries = {
  lead: (leadId: number) => ({
    key: [...offerKeys.all, 'lead', adminBase(), String(leadId)] as const,
    fetcher: getJson<OfferPageJson>(withQuery(`${adminBase()}/offers`, { leadId, limit: 100 })),
  }),
  plans: () => ({
    // Under billing's own key: saving Paramètres → Facturation refreshes the plans an offer offers.
    key: [...billingKeys.settings, adminBase()] as const,
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
