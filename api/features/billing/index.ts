/**
 * TEMPORARY STAND-IN for billing's public surface, until branch `billing` is merged into `offers`: the
 * two names offers codes against (the shared contract of issue 45), with billing's own signatures. At the
 * merge, billing's index.ts replaces this file whole.
 */
import type { Knex } from 'knex';

export interface BillingSettingsRecord {
  creditor: { name: string; street: string; buildingNumber: string | null; postalCode: string; town: string; country: string };
  iban: string | null;
  vatNumber: string | null;
  vatRateBasisPoints: number | null;
  paymentTermDays: number;
  plans: Array<{ id: string; label: string; priceCents: number }>;
}

export interface AcceptedOffer {
  offerId: number;
  leadId: number;
  debtor: { name: string; street: string; buildingNumber: string | null; postalCode: string; town: string; country: string };
  lines: Array<{ label: string; quantity: number; unitPriceCents: number }>;
  discountCents: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
  vatRateBasisPoints: number | null;
  startDate: string;
  instalments: number;
}

export async function readBillingSettings(_db: Knex | Knex.Transaction): Promise<BillingSettingsRecord> {
  return {
    creditor: { name: 'Inner Circle', street: 'Rue du Marché', buildingNumber: '1', postalCode: '1204', town: 'Genève', country: 'CH' },
    iban: null,
    vatNumber: 'CHE-123.456.789 TVA',
    vatRateBasisPoints: 810,
    paymentTermDays: 30,
    plans: [],
  };
}

export async function createInvoicesForAcceptedOffer(_trx: Knex.Transaction, _offer: AcceptedOffer): Promise<{ invoiceIds: number[] }> {
  return { invoiceIds: [] };
}
