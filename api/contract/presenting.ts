/** Small helpers shared by the presenters: JSON dates as ISO strings, empty values as null. */

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** `''` and `undefined` become null: the API never answers with an empty string for "no value". */
export function text(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

/** The pagination object of every list answer: the page asked for, its size, and the total count. */
export function presentPage(query: { page: number; limit: number }, total: number) {
  return { page: query.page, limit: query.limit, total };
}
export type PageJson = ReturnType<typeof presentPage>;
