/**
 * What every feature's `queries.ts` shares: the page sizes the API serves, the query-string builder
 * and the JSON getter. The calls themselves, with their cache keys, live in each feature.
 */
import { LIMITS } from '#contract';
import { http } from './http.ts';

/** Page size of the admin lists: the API's default `limit`. */
export const PAGE_SIZE: number = LIMITS.pageSizeDefault;
/** A contact's activities, e-mails and registrations: the first page, then "Voir plus" (decision 089). */
export const CONTACT_PAGE_SIZE: number = LIMITS.contactPageSizeDefault;
/** The registrations screen's webinar selector loads as many webinars as the API serves in one page. */
export const SELECTOR_LIMIT: number = LIMITS.pageSizeMax;

/** `path?name=value…`, leaving out the empty values. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** A fetcher reading `url` as JSON. */
export const getJson =
  <T>(url: string) =>
  (): Promise<T> =>
    http.get(url).json<T>();
