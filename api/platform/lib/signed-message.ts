/**
 * The no-JavaScript form fallback redirects to /merci/ or /erreur-envoi/ with the server's French
 * message in the query string. The page shows it only when it carries a valid signature, so nobody
 * can craft a link that makes the site display a text of their choosing (content spoofing).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { typesetFrench } from './french-typography.ts';

const MAX_MESSAGE_LENGTH = 500;

export function signMessage(secret: string, message: string): string {
  return createHmac('sha256', secret).update(`page-message:${message}`).digest('base64url').slice(0, 22);
}

export function verifyMessage(secret: string, message: string, signature: string): boolean {
  if (message.length > MAX_MESSAGE_LENGTH) return false;
  const expected = Buffer.from(signMessage(secret, message));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * Fills a page's message slot: `<p … data-server-message hidden>…<span data-server-message-text></span></p>`
 * becomes visible with the escaped text, in French typography (a time such as "10 h 00" and "e-mail" stay
 * on one line: decision 119). Pages without the slot are returned unchanged.
 */
export function fillMessageSlot(html: string, message: string): string {
  return html
    .replace('data-server-message hidden', 'data-server-message')
    .replace('<span data-server-message-text></span>', `<span data-server-message-text>${escapeHtml(typesetFrench(message))}</span>`);
}
