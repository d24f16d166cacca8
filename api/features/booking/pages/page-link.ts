/**
 * The link to the booking page that e-mails carry: with a contact's id, it opens /rendez-vous/ with
 * their name and e-mail already filled. The id travels with an HMAC of the session secret under its own
 * purpose (as the registration links, api/features/webinars/mail/links.ts), so changing the number in a link
 * reveals nobody's name: without a valid token the page fills nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const BOOKING_PAGE_PATH = '/rendez-vous/';
export const BOOKING_CONFIRMED_PATH = '/rendez-vous/confirme/';

export function prefillToken(secret: string, leadId: number): string {
  return createHmac('sha256', secret).update(`prefill-booking:${leadId}`).digest('base64url').slice(0, 32);
}

export function verifyPrefillToken(secret: string, leadId: number, token: string): boolean {
  const given = Buffer.from(token);
  const expected = Buffer.from(prefillToken(secret, leadId));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The booking page's address; with a contact, signed so the page fills their name and e-mail. */
export function bookingPageUrl(publicUrl: string, secret: string, leadId?: number): string {
  if (leadId === undefined) return `${publicUrl}${BOOKING_PAGE_PATH}`;
  const query = new URLSearchParams({ lead: String(leadId), token: prefillToken(secret, leadId) });
  return `${publicUrl}${BOOKING_PAGE_PATH}?${query.toString()}`;
}
