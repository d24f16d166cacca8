/** What the other features show of payments: the client badge, Paramètres' import section, the dashboard's card, the revenue table. */
export { ClientBadge } from './ClientBadge.tsx';
export { BankImport } from './BankImport.tsx';
export { paymentsCopy } from './copy.ts';
export { BillingCard } from './BillingCard.tsx';
export { RevenueCard } from './RevenueCard.tsx';
