/** Newsletter tests' contacts: subscribers in every newsletter state, with tags. */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export type Subscription = 'pending' | 'subscribed' | 'unsubscribed' | 'bounced' | null;

export async function addContact(db: Knex, email: string, options: { status?: Subscription; tags?: string[]; firstName?: string; lastName?: string } = {}): Promise<number> {
  const [row] = await db('leads')
    .insert({
      firstName: options.firstName ?? 'Léa',
      lastName: options.lastName ?? null,
      email,
      type: 'contact',
      source: 'website',
      tags: db.raw('?::text[]', [options.tags ?? []]),
      newsletterStatus: options.status === undefined ? 'subscribed' : options.status,
      newsletterToken: randomBytes(16).toString('base64url'),
      newsletterRequestedAt: new Date(),
      newsletterConfirmedAt: options.status === undefined || options.status === 'subscribed' ? new Date() : null,
    })
    .returning('id');
  return row.id as number;
}

/** `count` confirmed subscribers `prefix-1@example.ch`… */
export async function addSubscribers(db: Knex, count: number, prefix = 'abonne', tags: string[] = []): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 1; index <= count; index += 1) ids.push(await addContact(db, `${prefix}-${index}@example.ch`, { tags, firstName: `Personne${index}` }));
  return ids;
}

export const ISSUE = { subject: 'Respirer avant de parler', preheader: 'Une technique à essayer demain.', body: '## Respirer\n\nTrois cycles suffisent.' };
