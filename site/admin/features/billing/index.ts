/** What other admin features may use of billing: the Facturation tab of Paramètres, its calls and cache keys. */
export { BillingTab } from './BillingTab.tsx';
export { billingQueries, billingMutations, invoicePdfUrl } from './queries.ts';
