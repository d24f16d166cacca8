/** Offers as the admin API answers them (docs/decisions/130-offers-amounts-and-acceptance.md): money in centimes, days as `YYYY-MM-DD`. */
import type { OfferStatus } from './schemas.ts';
import { iso, presentPage, text } from '../../../contract/presenting.ts';

export interface OfferRow {
  id: number;
  leadId: number;
  status: Exclude<OfferStatus, 'expired'>;
  lines: OfferLine[];
  discountCents: number;
  startDate: string;
  validUntil: string;
  instalments: number;
  message: string | null;
  netCents: number;
  vatCents: number;
  totalCents: number;
  vatRateBasisPoints: number | null;
  contentHash: string | null;
  sentAt: Date | null;
  withdrawnAt: Date | null;
  acceptedAt: Date | null;
  acceptedContentHash: string | null;
  billingName: string | null;
  billingStreet: string | null;
  billingBuildingNumber: string | null;
  billingPostalCode: string | null;
  billingTown: string | null;
  billingCountry: string | null;
  createdBy: number | null;
  createdAt: Date;
}

/** An offer in the list: with its contact's name. */
export type ListedOffer = OfferRow & { leadFirstName: string | null; leadLastName: string | null };

export interface OfferLine {
  label: string;
  quantity: number;
  unitPriceCents: number;
}

/** One offer; `status` is the one shown today (a sent offer past its validity is `expired`). */
export function presentOffer(offer: OfferRow, status: OfferStatus) {
  return {
    id: offer.id,
    leadId: offer.leadId,
    status,
    lines: offer.lines.map((line) => ({ label: line.label, quantity: line.quantity, unitPriceCents: line.unitPriceCents })),
    discountCents: offer.discountCents,
    startDate: offer.startDate,
    validUntil: offer.validUntil,
    instalments: offer.instalments,
    message: text(offer.message),
    netCents: offer.netCents,
    vatCents: offer.vatCents,
    totalCents: offer.totalCents,
    currency: 'CHF' as const,
    vatRatePercent: offer.vatRateBasisPoints === null ? null : offer.vatRateBasisPoints / 100,
    contentHash: offer.contentHash,
    sentAt: iso(offer.sentAt),
    withdrawnAt: iso(offer.withdrawnAt),
    acceptedAt: iso(offer.acceptedAt),
    billingAddress:
      offer.billingStreet === null
        ? null
        : {
            name: offer.billingName,
            street: offer.billingStreet,
            buildingNumber: text(offer.billingBuildingNumber),
            postalCode: offer.billingPostalCode,
            town: offer.billingTown,
            country: offer.billingCountry,
          },
    createdAt: iso(offer.createdAt),
  };
}
export type OfferJson = ReturnType<typeof presentOffer>;

export function presentOfferPage(offers: Array<ListedOffer & { shownStatus: OfferStatus }>, query: { page: number; limit: number }, total: number) {
  return {
    offers: offers.map((offer) => ({ ...presentOffer(offer, offer.shownStatus), lead: { id: offer.leadId, firstName: offer.leadFirstName, lastName: text(offer.leadLastName) } })),
    pagination: presentPage(query, total),
  };
}
export type OfferPageJson = ReturnType<typeof presentOfferPage>;
