/** Centimes written the Swiss way on documents: `1’234.50`. */
export function formatChf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const francs = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '’');
  return `${sign}${francs}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A rate in basis points as French writes a percentage: 810 → `8,1 %`. */
export function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toString().replace('.', ',')} %`;
}

/**
 * `total` split into `count` parts that differ by at most one centime, the larger ones first, so the
 * parts always add up to the total.
 */
export function splitCents(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  const remainder = total - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1 : 0));
}
