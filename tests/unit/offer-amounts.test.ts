/**
 * An offer's amounts (api/features/offers/amounts.ts, decision 130): net = lines − discount, VAT = net ×
 * rate rounded half up to the centime, computed in integers; not subject to VAT: no VAT at all.
 */
import { describe, expect, it } from 'vitest';
import { computeAmounts, vatOf } from '../../api/features/offers/amounts.ts';

const line = (unitPriceCents: number, quantity = 1) => ({ label: 'Programme', quantity, unitPriceCents });

describe('computeAmounts', () => {
  it('adds the lines, takes the discount off, and adds 8.1 % VAT', () => {
    expect(computeAmounts([line(120_000), line(15_000, 2)], 10_000, 810)).toEqual({ netCents: 140_000, vatCents: 11_340, totalCents: 151_340 });
  });

  it('rounds the VAT half up to the centime', () => {
    // 50 × 8.1 % = 4.05 → 4; 62 × 8.1 % = 5.022 → 5; 179 × 8.1 % = 14.499 → 14; 185 × 8.1 % = 14.985 → 15.
    expect(vatOf(50, 810)).toBe(4);
    expect(vatOf(62, 810)).toBe(5);
    expect(vatOf(179, 810)).toBe(14);
    expect(vatOf(185, 810)).toBe(15);
    // Exactly half a centime goes up: 100 × 2.5 % = 2.5 → 3; 300 × 0.5 % = 1.5 → 2; 10 × 5 % = 0.5 → 1.
    expect(vatOf(100, 250)).toBe(3);
    expect(vatOf(300, 50)).toBe(2);
    expect(vatOf(10, 500)).toBe(1);
    // Just under half stays down: 49 × 1 % = 0.49 → 0.
    expect(vatOf(49, 100)).toBe(0);
  });

  it('rounds half up where floating point would not: 1 005 × 50 % = 502.5 → 503, 2 × 7.5 % of 100 = 15', () => {
    expect(vatOf(1_005, 5_000)).toBe(503);
    expect(computeAmounts([line(100, 2)], 0, 750)).toEqual({ netCents: 200, vatCents: 15, totalCents: 215 });
    // 0.1 + 0.2 style traps: 3 × 1 234.55 CHF at 8.1 %: 370 365 × 0.081 = 29 999.565 → 30 000.
    expect(computeAmounts([line(123_455, 3)], 0, 810)).toEqual({ netCents: 370_365, vatCents: 30_000, totalCents: 400_365 });
  });

  it('adds no VAT when the seller is not subject to it (rate null), nor at 0 %', () => {
    expect(computeAmounts([line(250_000)], 0, null)).toEqual({ netCents: 250_000, vatCents: 0, totalCents: 250_000 });
    expect(computeAmounts([line(250_000)], 0, 0)).toEqual({ netCents: 250_000, vatCents: 0, totalCents: 250_000 });
  });

  it('allows a discount up to the whole amount, never beyond', () => {
    expect(computeAmounts([line(10_000)], 10_000, 810)).toEqual({ netCents: 0, vatCents: 0, totalCents: 0 });
    expect(() => computeAmounts([line(10_000)], 10_001, 810)).toThrow('La remise dépasse le total des lignes.');
  });
});
