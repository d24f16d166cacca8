/** What the other features show of payments: the client badge, Paramètres' import section, the dashboard's card, the figures of the revenue (shown by analytics). */
export { ClientBadge } from './ClientBadge.tsx';
export { BankImport } from './BankImport.tsx';
export { paymentsCopy, formatChf } from './copy.ts';
export { BillingCard } from './BillingCard.tsx';
