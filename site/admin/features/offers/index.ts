/** What other admin features may use of offers: the contact's section and the "Faire une offre" dialog (the agenda's held calls). */
export { LeadOffersCard, OfferStatusBadge } from './LeadOffersCard.tsx';
export { OfferDialog } from './OfferDialog.tsx';
export { offerQueries, offerMutations } from './queries.ts';
