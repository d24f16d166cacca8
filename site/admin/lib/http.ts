/**
 * The one HTTP client of the back office: same-origin cookies, JSON, no retries, and its error
 * texts (the rule itself: site/lib/http-errors.ts). One exception to "no retries": an action the API
 * refuses for want of a recent proof (403 `{reauth: true}`, docs/decisions/145-re-authentication.md)
 * opens the re-authentication dialog and, once the person proved their identity, is sent again once.
 */
import ky, { isHTTPError, type AfterResponseState } from 'ky';
import { firstErrorByField, type FieldIssue } from '#contract';
import { httpErrorMessage } from '../../lib/http-errors.ts';
import { askForProof } from '../stores/reauth.ts';

async function asksForProof(response: Response): Promise<boolean> {
  if (response.status !== 403 || !(response.headers.get('content-type') ?? '').includes('json')) return false;
  const body = (await response.json().catch(() => undefined)) as { reauth?: unknown } | undefined;
  return body?.reauth === true;
}

/**
 * After the proof, the same request again: rebuilt from ky's options, since the first one's body was
 * read when it was sent. Its answer, whatever it is, is the caller's (no second dialog). Cancelling
 * returns nothing: ky then fails with the 403 and its message.
 */
async function retryAfterProof({ request, options, response }: AfterResponseState): Promise<Response | void> {
  if (!(await asksForProof(response))) return;
  if (!(await askForProof())) return;
  const headers = new Headers(request.headers);
  // A form is written again with a new boundary: its old Content-Type would name the first one.
  if (options.body instanceof FormData) headers.delete('content-type');
  return fetch(request.url, { method: request.method, headers, body: options.body ?? undefined, credentials: 'include' });
}

export const http = ky.create({
  credentials: 'include',
  retry: 0,
  timeout: 30_000,
  hooks: { afterResponse: [retryAfterProof] },
});

/** Base of the admin endpoints: the tabbed page under /admin-dev talks to its own mirror, /api/admin-dev. */
export function adminBase(): string {
  return window.location.pathname.includes('admin-dev') ? '/api/admin-dev' : '/api/admin';
}

/** Field errors the API returns with a 400 (`errors: [{path, message}]`), keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isHTTPError(error)) return {};
  const data = error.data as { errors?: FieldIssue[] } | undefined;
  return firstErrorByField(Array.isArray(data?.errors) ? data.errors : []);
}

const ADMIN_ERROR_TEXTS = {
  network: 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.',
  timeout: 'Le serveur met trop de temps à répondre. Veuillez réessayer.',
  unexpected: 'Une erreur inattendue est survenue.',
};

export function errorMessage(error: unknown): string {
  return httpErrorMessage(error, ADMIN_ERROR_TEXTS);
}

export function isUnauthorized(error: unknown): boolean {
  return isHTTPError(error) && error.response.status === 401;
}
