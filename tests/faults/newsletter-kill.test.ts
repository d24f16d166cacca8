/**
 * A newsletter send survives `kill -9` (decision 112): `npm start` processes on one PostgreSQL, killed
 * at several moments of a send and started again. The send finishes by itself, every subscriber gets
 * the issue, duplicates are at most one per kill and carry the same Message-ID, and the issue never
 * says "sent" while a message is still queued. Then the pace across a restart and two instances: no
 * sliding minute holds more messages than NEWSLETTER_RATE_PER_MINUTE.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../api/harness.ts';
import { waitUntil } from '../support/smtp-sink.ts';
import { hashPassword } from '../../api/platform/lib/passwords.ts';
import { setUpKillableServers } from './killable-servers.ts';

const faults = setUpKillableServers('newsletter_kill');
const PASSWORD = 'un-mot-de-passe-solide-42';
const SUBJECT = 'Respirer avant de parler';

/** The administrator, written straight into the database once the first server has migrated it. */
async function signIn(url: string): Promise<TestClient> {
  await faults.db.query("insert into users (username, email, password, first_name, role) values ('admin@example.ch', 'admin@example.ch', $1, 'Camille', 'admin') on conflict do nothing", [await hashPassword(PASSWORD)]);
  const client = new TestClient(url);
  const answer = await client.post('/api/simple-auth/login', { email: 'admin@example.ch', password: PASSWORD });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  return client;
}

async function subscribers(count: number, prefix: string): Promise<void> {
  await faults.db.query(
    `insert into leads (first_name, email, type, source, newsletter_status, newsletter_token, newsletter_requested_at, newsletter_confirmed_at)
     select 'Personne' || n, $1 || '-' || n || '@example.ch', 'contact', 'website', 'subscribed', md5(random()::text), now(), now() from generate_series(1, $2::int) as n`,
    [prefix, count],
  );
}

async function sendIssue(client: TestClient, subject: string): Promise<number> {
  const created = await client.post('/api/admin/newsletters', { subject, preheader: '', body: 'Trois cycles de respiration suffisent.' });
  expect(created.status).toBe(201);
  expect((await client.post(`/api/admin/newsletters/${created.body.id}/send`, {})).status).toBe(202);
  return created.body.id as number;
}

const ofSubject = (subject: string) => faults.smtp.messages.filter((m) => m.parsed.subject === subject);

describe('a newsletter send killed and restarted', () => {
  it('finishes by itself: everyone gets it, duplicates at most one per kill with the same Message-ID, never "sent" while queued', { timeout: 240_000 }, async () => {
    const env = { DATABASE_URL: faults.scratch.url, SESSION_SECRET: randomBytes(32).toString('hex'), SMTP_URL: faults.smtp.url, NEWSLETTER_RATE_PER_MINUTE: '1200', EMAIL_RETRY_DELAY_SECONDS: '1' };
    let server = await faults.start(env);
    const total = 60;
    await subscribers(total, 'abonne');
    const id = await sendIssue(await signIn(server.url), SUBJECT);

    // Watches the issue throughout: "sent" with a queued row would be a lie.
    const lies: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const { rows } = await faults.db.query<{ status: string; queued: number }>(
          `select n.status, (select count(*)::int from emails e where e.newsletter_id = n.id and e.status = 'queued') as queued from newsletters n where n.id = $1`,
          [id],
        );
        if (rows[0]!.status === 'sent' && rows[0]!.queued > 0) lies.push(`sent with ${rows[0]!.queued} queued`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    let kills = 0;
    for (const after of [8, 25, 42]) {
      await faults.smtp.waitFor((messages) => messages.filter((m) => m.parsed.subject === SUBJECT).length >= after, 60_000);
      await faults.kill(server);
      kills += 1;
      server = await faults.start(env);
    }
    await waitUntil(async () => (await faults.db.query<{ status: string }>('select status from newsletters where id = $1', [id])).rows[0]!.status === 'sent', 120_000, 'issue sent');
    watching = false;
    await watcher;
    await faults.smtp.waitFor((messages) => new Set(messages.filter((m) => m.parsed.subject === SUBJECT).flatMap((m) => m.envelopeTo)).size >= total, 30_000);

    expect(lies).toEqual([]);
    const byRecipient = new Map<string, string[]>();
    for (const message of ofSubject(SUBJECT)) for (const to of message.envelopeTo) byRecipient.set(to, [...(byRecipient.get(to) ?? []), message.parsed.messageId!]);
    expect(byRecipient.size).toBe(total);
    const duplicates = [...byRecipient.values()].filter((ids) => ids.length > 1);
    const extra = duplicates.reduce((sum, ids) => sum + ids.length - 1, 0);
    console.info(`newsletter kill: ${kills} kills, ${extra} duplicate(s)`);
    expect(extra).toBeLessThanOrEqual(kills);
    for (const ids of duplicates) expect(new Set(ids).size).toBe(1);
    const { rows } = await faults.db.query<{ status: string; count: number }>("select status, count(*)::int as count from emails where newsletter_id = $1 and kind = 'newsletter_issue' group by status", [id]);
    expect(rows).toEqual([{ status: 'sent', count: total }]);
    await faults.kill(server);
  });

  it('keeps to the rate over a minute across a restart, with two instances sending', { timeout: 240_000 }, async () => {
    const rate = 60;
    const env = { DATABASE_URL: faults.scratch.url, SESSION_SECRET: randomBytes(32).toString('hex'), SMTP_URL: faults.smtp.url, NEWSLETTER_RATE_PER_MINUTE: String(rate) };
    const first = await faults.start(env);
    let second = await faults.start(env);
    await faults.db.query("update leads set newsletter_status = 'unsubscribed'");
    // The send above started hundreds of messages at 1,200 a minute less than a minute ago: at 60 a
    // minute those starts would rightly hold this one back until they are a minute old (the cap counts
    // every start of the past minute). This scenario starts from a quiet minute.
    await faults.db.query("update newsletter_pace set recent_starts = '{}'");
    await subscribers(80, 'rythme');
    const subject = 'Le rythme de la minute';
    const id = await sendIssue(await signIn(first.url), subject);
    await faults.smtp.waitFor((messages) => messages.filter((m) => m.parsed.subject === subject).length >= 30, 60_000);
    // One instance dies and comes back: the pace is the database's, nobody catches up in a burst.
    await faults.kill(second);
    second = await faults.start(env);
    await faults.smtp.waitFor((messages) => messages.filter((m) => m.parsed.subject === subject).length >= 72, 90_000);
    await faults.db.query("update newsletters set status = 'paused' where id = $1", [id]);

    const times = ofSubject(subject).map((m) => m.arrivedAt).sort((a, b) => a - b);
    const busiest = Math.max(...times.map((from) => times.filter((time) => time >= from && time < from + 60_000).length));
    console.info(`newsletter pace: busiest minute ${busiest} messages at ${rate}/min (${times.length} measured over ${Math.round((times.at(-1)! - times[0]!) / 1000)} s)`);
    // The rate, and one more for the jitter of arrival times around a reservation exactly a minute later.
    expect(busiest).toBeLessThanOrEqual(rate + 1);
    expect(busiest).toBeGreaterThanOrEqual(rate - 5);
    await faults.kill(first);
    await faults.kill(second);
  });
});
