/**
 * The one HTTP client of the back office: same-origin cookies, JSON, no retries (spec 9), and the
 * error text rule of spec 8 (the API's French `message` when the body has one, else "{status}: {text}").
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';

export const http = ky.create({
  credentials: 'include',
  retry: 0,
  timeout: 30_000,
});

/** Base of the admin endpoints: the tabbed dev page talks to its own mirror (spec 2.10). */
export function adminBase(): string {
  return window.location.pathname.includes('admin-dev') ? '/api/admin-dev' : '/api/admin';
}

/** Field errors the API returns with a 400 (`errors: [{path, message}]`), keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isHTTPError(error)) return {};
  const data = error.data as { errors?: { path?: string | (string | number)[]; message?: string }[] } | undefined;
  const out: Record<string, string> = {};
  for (const item of data?.errors ?? []) {
    const path = Array.isArray(item.path) ? item.path.join('.') : item.path;
    if (path && item.message && !out[path]) out[path] = item.message;
  }
  return out;
}

export function errorMessage(error: unknown): string {
  if (isHTTPError(error)) {
    const data = error.data;
    if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
      return (data as { message: string }).message;
    }
    const text = typeof data === 'string' && data.trim() ? data.trim() : error.response.statusText;
    return `${error.response.status}: ${text}`;
  }
  if (isTimeoutError(error)) return 'Le serveur met trop de temps à répondre. Veuillez réessayer.';
  if (isNetworkError(error)) return 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.';
  if (error instanceof Error && error.message) return error.message;
  return 'Une erreur inattendue est survenue.';
}

export function isUnauthorized(error: unknown): boolean {
  return isHTTPError(error) && error.response.status === 401;
}
