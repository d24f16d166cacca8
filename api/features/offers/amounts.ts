/**
 * The amounts of an offer (docs/decisions/130-offers-amounts-and-acceptance.md), in integer centimes:
 * net = the lines (quantity × unit price, before VAT) less the discount; VAT = net × rate, rounded half
 * up to the centime (the rate in basis points: 810 = 8.1 %; null = not subject to VAT, no VAT line);
 * total = net + VAT. Billing receives these amounts and only splits them into instalments: the VAT of
 * an offer is computed here, once.
 */
import type { OfferLine } from './contract/index.ts';

export interface OfferAmounts {
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/** The lines' sum before the discount. */
export function grossCents(lines: readonly OfferLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
}

/**
 * `net × rate / 10 000`, rounded half up, in integers only (no binary fraction can turn 0.5 into
 * 0.4999…): 1 000 centimes at 8.1 % give 81; 6 centimes give 0.486 → 0; 50 000 001 give 4 050 000.081 → 4 050 000.
 */
export function vatOf(netCents: number, vatRateBasisPoints: number | null): number {
  if (vatRateBasisPoints === null || netCents <= 0) return 0;
  return Math.floor((netCents * vatRateBasisPoints + 5_000) / 10_000);
}

export function computeAmounts(lines: readonly OfferLine[], discountCents: number, vatRateBasisPoints: number | null): OfferAmounts {
  const netCents = grossCents(lines) - discountCents;
  if (!Number.isSafeInteger(netCents) || netCents < 0) throw new RangeError('La remise dépasse le total des lignes.');
  const vatCents = vatOf(netCents, vatRateBasisPoints);
  return { netCents, vatCents, totalCents: netCents + vatCents };
}
