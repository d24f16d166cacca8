/**
 * The counters kept per e-mail address (at most one newsletter confirmation and one acknowledgement a
 * day, decision 087), keyed by a hash of the address, never the address; in one place so that the
 * erasure of a contact finds every one of them (api/features/contacts/records/erasure.ts).
 */
import { createHash } from 'node:crypto';

/**
 * At most one newsletter confirmation per address and 24 hours, whoever asks (decision 087): the link
 * never expires, so a person who asks again finds it in the first e-mail.
 */
export const NEWSLETTER_RATE_LIMIT = { name: 'newsletter:email', points: 1, windowSeconds: 24 * 60 * 60 } as const;
/** At most one contact-request acknowledgement per address and 24 hours (decision 087). */
export const ACKNOWLEDGEMENT_RATE_LIMIT = { name: 'acknowledgement:email', points: 1, windowSeconds: 24 * 60 * 60 } as const;

export function emailDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

export function newsletterRateLimitKey(email: string): string {
  return `${NEWSLETTER_RATE_LIMIT.name}:${emailDigest(email)}`;
}

/** Every counter keyed by this address (erased with the contact). */
export function recipientRateLimitKeys(email: string): string[] {
  return [newsletterRateLimitKey(email), `${ACKNOWLEDGEMENT_RATE_LIMIT.name}:${emailDigest(email)}`];
}
