/**
 * What offers use of billing, in one place (docs/decisions/130-offers-amounts-and-acceptance.md): the
 * seller as the settings name it (the offer's page and PDF show it, art. 26 LTVA) and its VAT rate, and
 * the invoices an acceptance creates in its own transaction.
 */
import type { Knex } from 'knex';
import { createInvoicesForAcceptedOffer, readBillingSettings } from '../billing/index.ts';

export interface SellerFacts {
  name: string;
  street: string;
  buildingNumber: string | null;
  postalCode: string;
  town: string;
  country: string;
  vatNumber: string | null;
  /** 810 = 8.1 %; null: not subject to VAT. */
  vatRateBasisPoints: number | null;
}

export async function sellerFacts(db: Knex): Promise<SellerFacts> {
  const settings = await readBillingSettings(db);
  return {
    name: settings.creditor.name,
    street: settings.creditor.street,
    buildingNumber: settings.creditor.buildingNumber || null,
    postalCode: settings.creditor.postalCode,
    town: settings.creditor.town,
    country: settings.creditor.country,
    vatNumber: settings.vatNumber ?? null,
    vatRateBasisPoints: settings.vatRateBasisPoints ?? null,
  };
}

export { createInvoicesForAcceptedOffer };
