/** Billing's test data: settings with a QR-IBAN or an ordinary IBAN, and an accepted offer as the offers feature hands it over. */
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { createInvoicesForAcceptedOffer, type AcceptedOffer } from '../../api/features/billing/index.ts';
import type { AppWithUsers } from './harness.ts';

/** SIX's example QR-IBAN (institution identifier 31999) and ordinary IBAN. */
export const QR_IBAN = 'CH4431999123000889012';
export const PLAIN_IBAN = 'CH9300762011623852957';

export function billingSettings(iban: string = QR_IBAN) {
  return {
    creditor: { name: 'Clairval Inner Circle Sàrl', street: 'Rue du Marché', buildingNumber: '12', postalCode: '1204', town: 'Genève', country: 'CH' },
    iban,
    vatNumber: 'CHE-123.456.789 TVA',
    vatRatePercent: 8.1,
    paymentTermDays: 30,
    plans: [
      { id: 'individuel', label: 'Individuel', priceCents: 450_000 },
      { id: 'entreprise', label: 'Entreprise', priceCents: 1_200_000 },
    ],
  };
}

/** 4'500.00 net, 8.1 % VAT (364.50), 4'864.50 in all. */
export function acceptedOffer(leadId: number, overrides: Partial<AcceptedOffer> = {}): AcceptedOffer {
  return {
    offerId: 1,
    leadId,
    debtor: { name: 'Anne-Sophie Favre', street: 'Avenue de la Gare', buildingNumber: '5', postalCode: '1003', town: 'Lausanne', country: 'CH' },
    lines: [{ label: 'Programme Inner Circle – Individuel', quantity: 1, unitPriceCents: 450_000 }],
    discountCents: 0,
    netCents: 450_000,
    vatCents: 36_450,
    totalCents: 486_450,
    vatRateBasisPoints: 810,
    startDate: '2027-04-01',
    instalments: 1,
    ...overrides,
  };
}

/**
 * The offers the invoices name: `invoices.offer_id` references `offers` (the offers' migration), so a
 * test that creates invoices straight from `acceptedOffer` first writes offers 1 to `count` of the contact.
 */
export async function insertOffers(knex: Knex, leadId: number, count = 1): Promise<void> {
  await knex('offers').insert(
    Array.from({ length: count }, (_unused, index) => ({
      id: index + 1,
      leadId,
      lines: JSON.stringify([{ label: 'Programme Inner Circle – Individuel', quantity: 1, unitPriceCents: 450_000 }]),
      startDate: '2027-04-01',
      validUntil: '2027-03-15',
      netCents: 450_000,
      vatCents: 36_450,
      totalCents: 486_450,
      vatRateBasisPoints: 810,
    })),
  );
}

/**
 * A contact `person` with the invoice of an accepted offer (4'864.50, open, a start far ahead so the
 * guarantee runs), the settings saved through the API first, as billing's privacy tests start.
 */
export async function contactWithInvoice(ctx: AppWithUsers, person: Record<string, string>): Promise<{ leadId: number; invoiceId: number }> {
  const [row] = await ctx.app.knex('leads').insert(person).returning('id');
  const leadId = row.id as number;
  await insertOffers(ctx.app.knex, leadId);
  expect((await ctx.admin.request('PUT', '/api/admin/billing-settings', { json: billingSettings() })).status).toBe(200);
  const [invoiceId] = (await ctx.app.knex.transaction((trx) => createInvoicesForAcceptedOffer(trx, acceptedOffer(leadId, { startDate: '2099-01-01' })))).invoiceIds as [number];
  return { leadId, invoiceId };
}
