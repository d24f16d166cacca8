/**
 * Sends a public form to `POST /api/leads` (spec 7) and turns any failure into the French message
 * a visitor reads in the error toast.
 */
import ky, { HTTPError } from 'ky';
import type { PublicSubmissionJson } from '../../api/presenters/public-submissions.ts';

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

export async function postLead(payload: Record<string, unknown>, idempotencyKey: string): Promise<LeadResponse> {
  // No automatic retry (spec 9): the visitor decides, and the retry reuses the key.
  return ky
    .post('/api/leads', { json: payload, headers: { 'Idempotency-Key': idempotencyKey }, retry: 0, timeout: 20_000 })
    .json<LeadResponse>();
}

/** The server's own French `message` when it sent one; otherwise a French explanation. */
export function failureMessage(error: unknown, networkMessage: string): string {
  if (error instanceof HTTPError) {
    const data = error.data as { message?: unknown; errors?: { message?: unknown }[] } | string | undefined;
    if (data && typeof data === 'object' && typeof data.message === 'string' && data.message) {
      // "Données invalides" alone does not say what to fix: add the first field's explanation.
      const detail = data.errors?.[0]?.message;
      return typeof detail === 'string' && detail ? `${data.message} : ${detail}` : data.message;
    }
    return `${error.response.status}: ${typeof data === 'string' && data ? data : error.response.statusText}`;
  }
  return networkMessage;
}
