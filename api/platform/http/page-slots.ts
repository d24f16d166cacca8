/**
 * Slots of the built pages that the server fills at request time (decision 052), beside the form
 * result pages' message slot (../lib/signed-message.ts):
 * - `data-next-session`: the next session's date and seats on the landing page and /webinaire;
 * - `data-query-field="name"`: a hidden input of the registration link pages (/annulation/,
 *   /inscription-webinaire/) that takes its value from the link's query string, so the page's form
 *   works without JavaScript.
 */
import { escapeHtml } from '../lib/signed-message.ts';

const NEXT_SESSION_SLOT = /(<div\b[^>]*\bdata-next-session\b[^>]*>)[\s\S]*?(<\/div>)/;
const QUERY_FIELD = /<input\b([^>]*?)\bdata-query-field="([a-z]+)"([^>]*)>/g;
const QUERY_VALUE = /^[A-Za-z0-9_-]{1,64}$/;

export function hasNextSessionSlot(html: string): boolean {
  return NEXT_SESSION_SLOT.test(html);
}

/** Replaces the slot's content with `inner` (already escaped HTML). */
export function fillNextSessionSlot(html: string, inner: string): string {
  return html.replace(NEXT_SESSION_SLOT, (_whole, open: string, close: string) => `${open}${inner}${close}`);
}

export function hasQueryFields(html: string): boolean {
  return html.includes('data-query-field=');
}

/** Gives each marked hidden input the query parameter of its name (ids and tokens only; anything else is left empty). */
export function fillQueryFields(html: string, query: Record<string, unknown>): string {
  return html.replace(QUERY_FIELD, (whole, before: string, name: string, after: string) => {
    const value = query[name];
    if (typeof value !== 'string' || !QUERY_VALUE.test(value)) return whole;
    return `<input${before}data-query-field="${name}" value="${escapeHtml(value)}"${after}>`;
  });
}
