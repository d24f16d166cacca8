/**
 * A failed call as the French sentence a person reads, the same rule for the public forms and the
 * back office: the API's own `message` when it sent one (optionally with the first field's
 * explanation), else "{status}: {body or status text}"; a timeout or a network failure in words.
 */
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';

export interface ErrorTexts {
  /** The server could not be reached. */
  network: string;
  /** The server did not answer in time (default: `network`). */
  timeout?: string;
  /** Any other failure: its own message if it has one, else this text (default: `network`). */
  unexpected?: string;
  /** Add the first field error's explanation to the message ("Données invalides : …"). */
  withFirstFieldError?: boolean;
}

export function httpErrorMessage(error: unknown, texts: ErrorTexts): string {
  if (isHTTPError(error)) {
    const data = error.data as { message?: unknown; errors?: { message?: unknown }[] } | string | undefined;
    if (data && typeof data === 'object' && typeof data.message === 'string' && data.message) {
      const detail = texts.withFirstFieldError ? data.errors?.[0]?.message : undefined;
      return typeof detail === 'string' && detail ? `${data.message} : ${detail}` : data.message;
    }
    const text = typeof data === 'string' && data.trim() ? data.trim() : error.response.statusText;
    return `${error.response.status}: ${text}`;
  }
  if (isTimeoutError(error)) return texts.timeout ?? texts.network;
  if (isNetworkError(error)) return texts.network;
  if (texts.unexpected === undefined) return texts.network;
  return error instanceof Error && error.message ? error.message : texts.unexpected;
}
