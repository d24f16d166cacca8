/**
 * The analytics screen's counts and rates in words (decision 119): "1 visiteur", "2 visiteurs"; a rate is
 * a share of a base that contains its numerator (the contacts among the visitors, the present among the
 * registered), so it is never above 100 %: where the base does not contain the numerator (4 contacts for
 * 1 counted visitor: contacts come from imports, other devices, visits not counted) there is no rate.
 */

/** "0 visite", "1 visiteur", "1 234 visiteurs": French puts 0 and 1 in the singular. */
export function countOf(count: number, one: string, many: string): string {
  return `${count.toLocaleString('fr-CH')} ${Math.abs(count) >= 2 ? many : one}`;
}

/** The share of `whole` that `part` is, in percent with one decimal; null without a base or above it. */
export function shareOf(part: number, whole: number): number | null {
  if (whole <= 0 || part > whole) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** What a table cell shows for a rate: "20 %", or a dash where there is none. */
export function percentText(value: number | null): string {
  return value === null ? '—' : `${value.toLocaleString('fr-CH')} %`;
}
