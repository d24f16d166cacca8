/**
 * A newsletter send survives `kill -9` (decision 112): `npm start` processes on one PostgreSQL, killed
 * at several moments of a send and started again. The send finishes by itself, every subscriber gets
 * the issue, a message received twice is only one the SMTP server accepted while its row was unsent when
 * a kill came (./kill-duplicates.ts), with the same Message-ID, and the issue never
 * says "sent" while a message is still queued. (The pace across a restart: newsletter-pace.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../support/smtp-sink.ts';
import { inFlightAtKills } from './kill-duplicates.ts';
import { setUpKillableServers } from './killable-servers.ts';
import { sendIssue, signIn, subscribers } from './newsletter-send.ts';

const faults = setUpKillableServers('newsletter_kill');
const SUBJECT = 'Respirer avant de parler';

describe('a newsletter send killed and restarted', () => {
  it('finishes by itself: everyone gets it, duplicates only of messages in flight at a kill, with the same Message-ID, never "sent" while queued', { timeout: 240_000 }, async () => {
    const env = { DATABASE_URL: faults.scratch.url, SESSION_SECRET: randomBytes(32).toString('hex'), SMTP_URL: faults.smtp.url, NEWSLETTER_RATE_PER_MINUTE: '1200', EMAIL_RETRY_DELAY_SECONDS: '1' };
    let server = await faults.start(env);
    const total = 60;
    await subscribers(faults, total, 'abonne');
    const id = await sendIssue(await signIn(faults, server.url), SUBJECT);

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

    const inFlight = inFlightAtKills(faults, SUBJECT);
    for (const after of [8, 25, 42]) {
      await faults.smtp.waitFor((messages) => messages.filter((m) => m.parsed.subject === SUBJECT).length >= after, 60_000);
      await faults.kill(server);
      await inFlight.record();
      server = await faults.start(env);
    }
    await waitUntil(async () => (await faults.db.query<{ status: string }>('select status from newsletters where id = $1', [id])).rows[0]!.status === 'sent', 120_000, 'issue sent');
    watching = false;
    await watcher;
    await faults.smtp.waitFor((messages) => new Set(messages.filter((m) => m.parsed.subject === SUBJECT).flatMap((m) => m.envelopeTo)).size >= total, 30_000);

    expect(lies).toEqual([]);
    const { duplicates, inFlight: inFlightPerKill } = inFlight.expectOnlyInFlightDuplicates(total);
    console.info(`newsletter kill: in flight at each kill ${inFlightPerKill.join(', ')}; ${duplicates} duplicate(s)`);
    const { rows } = await faults.db.query<{ status: string; count: number }>(
      "select status, count(*)::int as count from emails where newsletter_id = $1 and kind = 'newsletter_issue' group by status",
      [id],
    );
    expect(rows).toEqual([{ status: 'sent', count: total }]);
    await faults.kill(server);
  });
});
