/** Billing's calls and cache keys: the settings (Paramètres → Facturation) and the invoices list. */
import type { BillingSettingsJson, CreditNoteJson, InvoiceJson, BillingSettings } from '#contract/billing';
import type { PageJson } from '#contract';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation } from '../../lib/query.ts';

/** The billing's cache keys: its settings (the offers' plans read them too) and the invoices. */
export const billingKeys = {
  all: ['billing'] as const,
  settings: ['billing', 'settings'] as const,
  invoices: ['billing', 'invoices'] as const,
};

export const billingQueries = {
  settings: () => ({ key: [...billingKeys.settings, adminBase()] as const, fetcher: getJson<BillingSettingsJson>(`${adminBase()}/billing-settings`) }),
  invoices: (query: { status?: string; leadId?: number; page?: number }) => ({
    key: [...billingKeys.invoices, JSON.stringify(query), adminBase()] as const,
    fetcher: getJson<{ invoices: InvoiceJson[]; pagination: PageJson }>(withQuery(`${adminBase()}/invoices`, query)),
  }),
};

export const billingMutations = {
  saveSettings: mutation((body: BillingSettings) => http.put(`${adminBase()}/billing-settings`, { json: body }).json<BillingSettingsJson>(), [billingKeys.settings]),
};

/** Where an invoice's PDF opens. */
export function invoicePdfUrl(invoiceId: number): string {
  return `${adminBase()}/invoices/${invoiceId}/pdf`;
}

export interface CreditNoteBody {
  amountCents: number;
  reason: string;
  confirmAfterGuarantee: boolean;
}

export const creditNoteMutations = {
  create: mutation((invoiceId: number, body: CreditNoteBody) => http.post(`${adminBase()}/invoices/${invoiceId}/credit-notes`, { json: body }).json<CreditNoteJson>(), [billingKeys.invoices]),
};
