/**
 * The links e-mails carry about a registration (decision 051): "cancel my registration" and the
 * invitation's "register in one step". Each is signed with an HMAC of the session secret, so nobody
 * can cancel or register someone else by changing a number in a link, and no token is stored. The
 * links open a page with a button: only its POST acts, because mail scanners follow links.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CANCEL_PAGE_PATH = '/annulation/';
export const JOIN_PAGE_PATH = '/inscription-webinaire/';

function sign(secret: string, purpose: string, ...ids: number[]): string {
  return createHmac('sha256', secret)
    .update(`${purpose}:${ids.join(':')}`)
    .digest('base64url')
    .slice(0, 32);
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cancelToken(secret: string, registrationId: number): string {
  return sign(secret, 'cancel-registration', registrationId);
}

export function verifyCancelToken(secret: string, registrationId: number, token: string): boolean {
  return same(token, cancelToken(secret, registrationId));
}

export function joinToken(secret: string, webinarId: number, leadId: number): string {
  return sign(secret, 'join-webinar', webinarId, leadId);
}

export function verifyJoinToken(secret: string, webinarId: number, leadId: number, token: string): boolean {
  return same(token, joinToken(secret, webinarId, leadId));
}

export function cancelUrl(publicUrl: string, secret: string, registrationId: number): string {
  const query = new URLSearchParams({ registration: String(registrationId), token: cancelToken(secret, registrationId) });
  return `${publicUrl}${CANCEL_PAGE_PATH}?${query.toString()}`;
}

export function joinUrl(publicUrl: string, secret: string, webinarId: number, leadId: number): string {
  const query = new URLSearchParams({ webinar: String(webinarId), lead: String(leadId), token: joinToken(secret, webinarId, leadId) });
  return `${publicUrl}${JOIN_PAGE_PATH}?${query.toString()}`;
}

/**
 * The one-click unsubscribe from the marketing e-mails (invitations and follow-ups, decision 091):
 * signed per contact like the links above, so nobody unsubscribes someone else by changing a number.
 */
export const MARKETING_UNSUBSCRIBE_PATH = '/relances-webinaire/desinscription/';

export function marketingUnsubscribeToken(secret: string, leadId: number): string {
  return sign(secret, 'unsubscribe-webinar-marketing', leadId);
}

export function verifyMarketingUnsubscribeToken(secret: string, leadId: number, token: string): boolean {
  return same(token, marketingUnsubscribeToken(secret, leadId));
}

export function marketingUnsubscribeUrl(publicUrl: string, secret: string, leadId: number): string {
  const query = new URLSearchParams({ lead: String(leadId), token: marketingUnsubscribeToken(secret, leadId) });
  return `${publicUrl}${MARKETING_UNSUBSCRIBE_PATH}?${query.toString()}`;
}
