/**
 * Newsletter secrets and keys that must be computed the same way wherever they are used: the random
 * token of the confirmation/unsubscribe links, and the rate-limit key per address, which holds a hash of
 * the email, never the email (api/services/erasure.ts removes it).
 */
import { createHash, randomBytes } from 'node:crypto';

export const NEWSLETTER_RATE_LIMIT = { name: 'newsletter:email', points: 3, windowSeconds: 60 * 60 } as const;

export function emailDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

export function newsletterRateLimitKey(email: string): string {
  return `${NEWSLETTER_RATE_LIMIT.name}:${emailDigest(email)}`;
}

export function newNewsletterToken(): string {
  return randomBytes(24).toString('base64url');
}
