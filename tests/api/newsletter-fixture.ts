/** Newsletter tests' contacts: subscribers in every newsletter state, with tags. */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { TestClient } from './harness.ts';
import { waitUntil, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';

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

export const BASE = '/api/admin/newsletters';

/** Creates an issue and starts sending it now; returns its id. */
export async function startIssue(admin: TestClient, issue: Record<string, unknown> = ISSUE): Promise<number> {
  const created = await admin.post(BASE, issue);
  if (created.status !== 201) throw new Error(`issue not created: ${created.text}`);
  const sent = await admin.post(`${BASE}/${created.body.id}/send`, {});
  if (sent.status !== 202) throw new Error(`issue not sent: ${sent.text}`);
  return created.body.id as number;
}

/** Waits until the issue is in `status` and returns it. */
export function issueIn(admin: TestClient, id: number, status: string, timeoutMs = 20_000) {
  return waitUntil(
    async () => {
      const answer = await admin.get(`${BASE}/${id}`);
      return answer.body.status === status ? answer.body : undefined;
    },
    timeoutMs,
    `issue ${id} ${status}`,
  );
}

/** The messages of one subject, by recipient. */
export function deliveries(messages: ReceivedMail[], subject = ISSUE.subject): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages.filter((m) => m.parsed.subject === subject)) for (const to of message.envelopeTo) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

/** Waits until `count` messages of the subject have been received (parsing lags the server's acceptance). */
export async function received(smtp: SmtpSink, count: number, subject = ISSUE.subject): Promise<ReceivedMail[]> {
  const messages = await smtp.waitFor((all) => all.filter((m) => m.parsed.subject === subject).length >= count);
  return messages.filter((m) => m.parsed.subject === subject);
}
