/** What other admin features may use of billing: the Facturation tab of Paramètres, a contact's invoices, its calls and cache keys. */
export { BillingTab } from './BillingTab.tsx';
export { LeadInvoices } from './LeadInvoices.tsx';
export { billingQueries, billingMutations, creditNoteMutations, invoicePdfUrl } from './queries.ts';
