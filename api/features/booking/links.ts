/**
 * The signed links of a booking's e-mails ("déplacer", "annuler"): an HMAC of the session secret with
 * its own purpose, like the registration links (api/features/webinars/links.ts), so nobody acts on
 * someone else's call by changing a number in a link, and no token is stored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function manageToken(secret: string, bookingId: number): string {
  return createHmac('sha256', secret).update(`manage-booking:${bookingId}`).digest('base64url').slice(0, 32);
}

export function verifyManageToken(secret: string, bookingId: number, token: string): boolean {
  const given = Buffer.from(token);
  const expected = Buffer.from(manageToken(secret, bookingId));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
