/**
 * The one HTTP client of the back office: same-origin cookies, JSON, no retries, and its error
 * texts (the rule itself: site/lib/http-errors.ts).
 */
import ky, { isHTTPError } from 'ky';
import { firstErrorByField, type FieldIssue } from '#contract';
import { httpErrorMessage } from '../../lib/http-errors.ts';

export const http = ky.create({
  credentials: 'include',
  retry: 0,
  timeout: 30_000,
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
