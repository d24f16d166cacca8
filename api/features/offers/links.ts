/**
 * The offer's link (docs/decisions/130-offers-amounts-and-acceptance.md): `/offre/<id>.<signature>`, the
 * signature an HMAC of the session secret like the booking's manage links (../booking/manage/links.ts), so
 * nobody opens someone else's offer by changing a number, and no token is stored. The link opens a page;
 * only its form's POST accepts, because mail scanners follow links.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { OFFER_TOKEN_PATTERN } from './contract/index.ts';

export const OFFER_PAGE_PREFIX = '/offre/';
/** The page's built template (site/pages/offre/modele/index.astro), never served under its own path. */
export const OFFER_PAGE_TEMPLATE = 'offre/modele/index.html';

const PURPOSE = 'offer';

function signature(secret: string, offerId: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${offerId}`).digest('base64url').slice(0, 32);
}

export function offerToken(secret: string, offerId: number): string {
  return `${offerId}.${signature(secret, offerId)}`;
}

/** The offer a token names, or undefined when it is not one of ours. */
export function offerIdOfToken(secret: string, token: string): number | undefined {
  if (!OFFER_TOKEN_PATTERN.test(token)) return undefined;
  const [idText, given] = token.split('.') as [string, string];
  const id = Number(idText);
  if (id > 2_147_483_647) return undefined;
  const expected = Buffer.from(signature(secret, id));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected) ? id : undefined;
}

export function offerPath(secret: string, offerId: number): string {
  return `${OFFER_PAGE_PREFIX}${offerToken(secret, offerId)}`;
}

export function offerUrl(publicUrl: string, secret: string, offerId: number): string {
  return `${publicUrl}${offerPath(secret, offerId)}`;
}
