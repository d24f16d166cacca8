/**
 * The visitor hash and its daily salt (decision 111, Plausible's scheme): HMAC-SHA256 keyed with a
 * random salt of the Swiss day, over the IP address, the User-Agent and the site's host. The salt is
 * shared by every instance through `visit_salts` (the first to need it creates it) and deleted after 48
 * hours, after which nobody, not even us, can tell whether two hashes were the same person.
 */
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Database } from '../../platform/db.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';

/** Stored length of a visitor hash: 128 bits, base64url. */
const HASH_LENGTH = 22;

// The salt's day is the platform's one Swiss day (docs/decisions/137-one-public-entry.md).
export { swissDay } from '../../platform/lib/swiss-day.ts';

/** The salt is a prepared key: `createHmac` with raw bytes imports the key again at each call, about ten times the cost of the hash. */
export function visitorHash(salt: KeyObject, ip: string, userAgent: string, host: string): string {
  return createHmac('sha256', salt).update(`${ip}\n${userAgent}\n${host}`).digest('base64url').slice(0, HASH_LENGTH);
}

/** The salt of `day`, created (random, 256 bits) by whichever instance asks first. */
export async function daySalt(knex: Database, day: string): Promise<KeyObject> {
  await knex('visitSalts')
    .insert({ day, salt: randomBytes(32).toString('base64url') })
    .onConflict('day')
    .ignore();
  const row = await knex('visitSalts').where({ day }).first<{ salt: string } | undefined>('salt');
  if (!row) throw new Error('visit salt missing after insert');
  return createSecretKey(Buffer.from(row.salt, 'base64url'));
}

export interface VisitorDataPurge {
  salts: number;
  firstSources: number;
  pages: number;
}

/**
 * Deletes every salt, first source and page list of a day before yesterday (Swiss) or written more than
 * 48 hours ago. A salt lives from its day's first visit (at the earliest midnight) to the start of the
 * day after next: 48 hours at most.
 */
export async function purgeVisitorData(knex: Database, now = new Date()): Promise<VisitorDataPurge> {
  const cutoff = knex.raw(`(?::timestamptz at time zone 'Europe/Zurich')::date - 1`, [now]);
  const twoDaysAgo = new Date(now.getTime() - 48 * 3600_000);
  const salts = await knex('visitSalts').where('day', '<', cutoff).orWhere('createdAt', '<', twoDaysAgo).delete().returning('day');
  const firstSources = await knex('visitorFirstSources').where('day', '<', cutoff).orWhere('firstSeenAt', '<', twoDaysAgo).delete().returning('day');
  const pages = await knex('visitorPages').where('day', '<', cutoff).delete().returning('day');
  return { salts: salts.length, firstSources: firstSources.length, pages: pages.length };
}

/** The daily rotation: today's salt exists before the first visit needs it, and the old ones are gone. */
export async function rotateSalts(knex: Database, now = new Date()): Promise<VisitorDataPurge> {
  await daySalt(knex, swissDay(now));
  return purgeVisitorData(knex, now);
}
