/**
 * The link every booking e-mail carries (docs/decisions/107-booking-emails-and-manage-links.md):
 * "manage my booking" (reschedule or cancel). Signed with an
 * HMAC of the session secret like the webinars' links (api/features/webinars/mail/links.ts), so nobody
 * manages someone else's call by changing a number, and no token is stored. It names the booking, not
 * a time: after any number of reschedules the link of an old e-mail still opens the booking as it is
 * now. The link opens a page; only that page's POSTs act, because mail scanners follow links.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MANAGE_PAGE_PATH = '/rendez-vous/gerer/';
/** The booking page in reschedule mode (it posts `booking`, `token`, `start` to the reschedule route). */
export const RESCHEDULE_PAGE_PATH = '/rendez-vous/';

const PURPOSE = 'manage-booking';

export function manageToken(secret: string, bookingId: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${bookingId}`).digest('base64url').slice(0, 32);
}

export function verifyManageToken(secret: string, bookingId: number, token: string): boolean {
  const given = Buffer.from(token);
  const expected = Buffer.from(manageToken(secret, bookingId));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function query(secret: string, bookingId: number): string {
  return new URLSearchParams({ booking: String(bookingId), token: manageToken(secret, bookingId) }).toString();
}

/** The page showing the booking as it is now, with "cancel" and "choose another time". */
export function manageUrl(publicUrl: string, secret: string, bookingId: number): string {
  return `${publicUrl}${MANAGE_PAGE_PATH}?${query(secret, bookingId)}`;
}

/** The booking page offering the free slots to move this booking to. */
export function rescheduleUrl(publicUrl: string, secret: string, bookingId: number): string {
  return `${publicUrl}${RESCHEDULE_PAGE_PATH}?${query(secret, bookingId)}`;
}
