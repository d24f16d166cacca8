/**
 * "J'accepte l'offre" (docs/decisions/130-offers-amounts-and-acceptance.md): one transaction locks the
 * offer's row, checks it is still open (sent, not expired, not withdrawn, not already accepted), records
 * the acceptance as the consents record theirs (the content hash the person was shown, the time, the IP
 * prefix), the billing address, an activity of the contact and an audit event, and asks billing for the
 * invoice(s) (`createInvoicesForAcceptedOffer`, same transaction: no acceptance without its invoices, no
 * invoice without its acceptance). Two acceptances at once: the second waits for the lock, then finds the
 * offer accepted (409, "Cette offre est déjà acceptée.").
 */
import type { Knex } from 'knex';
import { conflict, HttpError } from '../../platform/errors.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';
import { OFFER_MESSAGES, formatChf } from './contract/index.ts';
import type { BillingAddress } from '../billing/contract/index.ts';
import { createInvoicesForAcceptedOffer } from './billing-port.ts';
import { lockOffer, OFFER_ACTIVITY_TITLES, readOffer, shownStatus } from './store.ts';
import type { OfferRow } from './contract/index.ts';

/** Why an offer cannot be accepted now, as the page says it. */
export function refusalOf(offer: OfferRow | undefined, today: string): string | undefined {
  if (!offer) return OFFER_MESSAGES.invalidLink;
  const status = shownStatus(offer, today);
  if (status === 'accepted') return OFFER_MESSAGES.alreadyAccepted;
  if (status === 'expired') return OFFER_MESSAGES.expired;
  if (status === 'withdrawn') return OFFER_MESSAGES.withdrawn;
  if (status === 'draft') return OFFER_MESSAGES.notSent;
  return undefined;
}

export interface Acceptance {
  offer: OfferRow;
  invoiceIds: number[];
}

export async function acceptOffer(db: Knex, input: { offerId: number; address: BillingAddress; ipPrefix: string | null }, now: Date = new Date()): Promise<Acceptance> {
  const today = swissDay(now);
  const invoiceIds = await db.transaction(async (trx) => {
    const offer = await lockOffer(trx, input.offerId);
    const refusal = refusalOf(offer, today);
    if (refusal === OFFER_MESSAGES.invalidLink) throw new HttpError(404, refusal);
    if (refusal) throw conflict(refusal);
    const lead = (await trx('leads').where({ id: offer!.leadId }).first('firstName', 'lastName')) as { firstName: string | null; lastName: string | null };
    const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ').trim() || '—';
    const { address } = input;
    await trx('offers')
      .where({ id: offer!.id })
      .update({
        status: 'accepted',
        acceptedAt: now,
        acceptedContentHash: offer!.contentHash,
        acceptedIpPrefix: input.ipPrefix,
        billingName: name,
        billingStreet: address.street,
        billingBuildingNumber: address.buildingNumber ?? null,
        billingPostalCode: address.postalCode,
        billingTown: address.town,
        billingCountry: address.country,
        updatedAt: now,
      });
    await trx('activities').insert({
      leadId: offer!.leadId,
      type: 'note',
      status: 'completed',
      title: OFFER_ACTIVITY_TITLES.accepted,
      description: `Offre n° ${offer!.id} : CHF ${formatChf(offer!.totalCents)}`,
      completedAt: now,
    });
    await trx('auditEvents').insert({
      type: 'offer_accepted',
      userId: null,
      ipPrefix: input.ipPrefix,
      details: JSON.stringify({ offerId: offer!.id, leadId: offer!.leadId }),
    });
    // Billing refuses (409) while it is not configured: the person is told in their own words, and the
    // whole acceptance rolls back with it (the settings' message is for the team, Paramètres → Facturation).
    const created = await createInvoicesForAcceptedOffer(trx, {
      offerId: offer!.id,
      leadId: offer!.leadId,
      debtor: { name, street: address.street, buildingNumber: address.buildingNumber ?? null, postalCode: address.postalCode, town: address.town, country: address.country },
      lines: offer!.lines,
      discountCents: offer!.discountCents,
      netCents: offer!.netCents,
      vatCents: offer!.vatCents,
      totalCents: offer!.totalCents,
      vatRateBasisPoints: offer!.vatRateBasisPoints,
      startDate: offer!.startDate,
      instalments: offer!.instalments,
    }).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 409) throw conflict(OFFER_MESSAGES.notNow);
      throw error;
    });
    return created.invoiceIds;
  });
  return { offer: (await readOffer(db, input.offerId))!, invoiceIds };
}
