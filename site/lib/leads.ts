/**
 * Sends a public form to `POST /api/leads` and turns any failure into the French message
 * a visitor reads in the error toast.
 */
import ky from 'ky';
import type { PublicSubmissionJson } from '#contract/webinars';
import { httpErrorMessage } from './http-errors.ts';

/**
 * The API's answer, defined by its presenter: `{ status: 'received', registration, notice }`, the same
 * for a known and an unknown email; `notice` is a French sentence when the webinar needs explaining
 * (none planned, full).
 */
export type LeadResponse = PublicSubmissionJson;

/**
 * A key per submission attempt, reused when the same data is sent again (retry after an error), so
 * the server never records one submission twice. `crypto.randomUUID` only exists on https and
 * localhost; `getRandomValues` works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Where the visitor is, for the contact's first touch (decision 115): this page's address with its
 * query string (its UTM parameters) and the page's own referrer. The server prefers the visitor's
 * first page of the day when it counted it; without a script it reads the form post's Referer instead.
 */
export function pageTouch(): { touchPage: string; touchReferrer?: string } {
  const touchPage = `${location.pathname}${location.search}`.slice(0, 2000);
  return document.referrer ? { touchPage, touchReferrer: document.referrer.slice(0, 2000) } : { touchPage };
}

export async function postLead(payload: Record<string, unknown>, idempotencyKey: string, endpoint = '/api/leads'): Promise<LeadResponse> {
  // No automatic retry: the visitor decides, and the retry reuses the key.
  return ky.post(endpoint, { json: { ...payload, ...pageTouch() }, headers: { 'Idempotency-Key': idempotencyKey }, retry: 0, timeout: 20_000 }).json<LeadResponse>();
}

/** The server's own French `message` (with the first field's explanation) when it sent one; otherwise a French explanation. */
export function failureMessage(error: unknown, networkMessage: string): string {
  return httpErrorMessage(error, { network: networkMessage, withFirstFieldError: true });
}
