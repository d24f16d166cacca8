/** What other features may use of offers (docs/decisions/130, 131): the amounts, the e-mail kind, the page, the offer's link. */
export { computeAmounts, vatOf, grossCents } from './amounts.ts';
export type { OfferAmounts } from './amounts.ts';
export type { OfferLine } from './contract/index.ts';
export type { OfferEmailData } from './emails.ts';
export type { OffersWording } from './email-wording.ts';
export { offerUrl, offerToken, OFFER_PAGE_PREFIX } from './links.ts';
export { readOffer, shownStatus, OFFER_ACTIVITY_TITLES } from './store.ts';
export type { OfferRow } from './contract/index.ts';
export { acceptOffer } from './accept.ts';
