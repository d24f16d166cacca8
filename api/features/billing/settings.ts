/**
 * Billing's settings (Paramètres → Facturation): one row, the creditor printed on every invoice and
 * QR-bill, the account paid into, the VAT treatment, the payment term and the plans' list prices.
 */
import type { Knex } from 'knex';
import { vatPercentToBasisPoints, type BillingSettings } from './contract/index.ts';
import type { PostalAddress } from './address.ts';

type Db = Knex | Knex.Transaction;

/** The settings as the invoices use them: the rate in basis points (810 = 8.1 %), null when not subject to VAT. */
export interface BillingSettingsRecord {
  creditor: PostalAddress;
  iban: string | null;
  vatNumber: string | null;
  vatRateBasisPoints: number | null;
  paymentTermDays: number;
  plans: Array<{ id: string; label: string; priceCents: number }>;
}

interface SettingsRow {
  creditorName: string;
  creditorStreet: string;
  creditorBuildingNumber: string | null;
  creditorPostalCode: string;
  creditorTown: string;
  creditorCountry: string;
  iban: string | null;
  vatNumber: string | null;
  vatRateBasisPoints: number | null;
  paymentTermDays: number;
  plans: BillingSettingsRecord['plans'];
}

const DEFAULTS: SettingsRow = {
  creditorName: '',
  creditorStreet: '',
  creditorBuildingNumber: null,
  creditorPostalCode: '',
  creditorTown: '',
  creditorCountry: 'CH',
  iban: null,
  vatNumber: null,
  vatRateBasisPoints: 810,
  paymentTermDays: 30,
  plans: [],
};

export async function readBillingSettings(db: Db): Promise<BillingSettingsRecord> {
  // The migration inserts the row; a database restored from before it still answers the defaults.
  const row = ((await db('billing_settings').where({ id: 1 }).first()) as SettingsRow | undefined) ?? DEFAULTS;
  return {
    creditor: {
      name: row.creditorName,
      street: row.creditorStreet,
      buildingNumber: row.creditorBuildingNumber,
      postalCode: row.creditorPostalCode,
      town: row.creditorTown,
      country: row.creditorCountry,
    },
    iban: row.iban,
    vatNumber: row.vatNumber,
    vatRateBasisPoints: row.vatRateBasisPoints,
    paymentTermDays: row.paymentTermDays,
    plans: row.plans,
  };
}

/** The seller as an offer names it (art. 26 LTVA: the supplier, its VAT number and rate), from the settings. */
export interface SellerFacts extends PostalAddress {
  vatNumber: string | null;
  /** 810 = 8.1 %; null: not subject to VAT. */
  vatRateBasisPoints: number | null;
}

export async function sellerFacts(db: Db): Promise<SellerFacts> {
  const settings = await readBillingSettings(db);
  return { ...settings.creditor, buildingNumber: settings.creditor.buildingNumber || null, vatNumber: settings.vatNumber ?? null, vatRateBasisPoints: settings.vatRateBasisPoints ?? null };
}

export async function writeBillingSettings(db: Db, settings: BillingSettings): Promise<BillingSettingsRecord> {
  const values = {
    creditorName: settings.creditor.name,
    creditorStreet: settings.creditor.street,
    creditorBuildingNumber: settings.creditor.buildingNumber,
    creditorPostalCode: settings.creditor.postalCode,
    creditorTown: settings.creditor.town,
    creditorCountry: settings.creditor.country,
    iban: settings.iban,
    vatNumber: settings.vatNumber,
    vatRateBasisPoints: vatPercentToBasisPoints(settings.vatRatePercent),
    paymentTermDays: settings.paymentTermDays,
    plans: JSON.stringify(settings.plans),
  };
  await db('billing_settings')
    .insert({ id: 1, ...values, updatedAt: db.fn.now() })
    .onConflict('id')
    .merge();
  return readBillingSettings(db);
}

/** Whether invoices can be issued: a creditor with an address and an account. */
export function billingReady(settings: BillingSettingsRecord): boolean {
  return Boolean(settings.iban && settings.creditor.name && settings.creditor.street && settings.creditor.postalCode && settings.creditor.town);
}
