/**
 * What offers use of billing, in one place (docs/decisions/130-offers-amounts-and-acceptance.md): the
 * seller as the settings name it (the offer's page and PDF show it, art. 26 LTVA) and its VAT rate, and
 * the invoices an acceptance creates in its own transaction.
 */
export { createInvoicesForAcceptedOffer, sellerFacts, type SellerFacts } from '../billing/index.ts';
