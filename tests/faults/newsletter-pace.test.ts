/**
 * A newsletter's pace across a restart and two instances (decision 112): `npm start` processes on one
 * PostgreSQL, one killed and started again mid-send; no sliding minute holds more messages than
 * NEWSLETTER_RATE_PER_MINUTE. Its own database, sink and servers: it runs beside newsletter-kill.test.ts,
 * whose fast send would otherwise fill the minute this one measures.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setUpKillableServers } from './killable-servers.ts';
import { sendIssue, signIn, subscribers } from './newsletter-send.ts';

const faults = setUpKillableServers('newsletter_pace');

const ofSubject = (subject: string) => faults.smtp.messages.filter((m) => m.parsed.subject === subject);

describe('a paced newsletter send', () => {
  it('keeps to the rate over a minute across a restart, with two instances sending', { timeout: 240_000 }, async () => {
    const rate = 60;
    const env = { DATABASE_URL: faults.scratch.url, SESSION_SECRET: randomBytes(32).toString('hex'), SMTP_URL: faults.smtp.url, NEWSLETTER_RATE_PER_MINUTE: String(rate) };
    const first = await faults.start(env);
    let second = await faults.start(env);
    await subscribers(faults, 80, 'rythme');
    const subject = 'Le rythme de la minute';
    const id = await sendIssue(await signIn(faults, first.url), subject);
    await faults.smtp.waitFor((messages) => messages.filter((m) => m.parsed.subject === subject).length >= 30, 60_000);
    // One instance dies and comes back: the pace is the database's, nobody catches up in a burst.
    await faults.kill(second);
    second = await faults.start(env);
    await faults.smtp.waitFor((messages) => messages.filter((m) => m.parsed.subject === subject).length >= 72, 90_000);
    await faults.db.query("update newsletters set status = 'paused' where id = $1", [id]);

    const times = ofSubject(subject)
      .map((m) => m.arrivedAt)
      .sort((a, b) => a - b);
    const busiest = Math.max(...times.map((from) => times.filter((time) => time >= from && time < from + 60_000).length));
    console.info(`newsletter pace: busiest minute ${busiest} messages at ${rate}/min (${times.length} measured over ${Math.round((times.at(-1)! - times[0]!) / 1000)} s)`);
    // The rate, and one more for the jitter of arrival times around a reservation exactly a minute later.
    expect(busiest).toBeLessThanOrEqual(rate + 1);
    expect(busiest).toBeGreaterThanOrEqual(rate - 5);
    await faults.kill(first);
    await faults.kill(second);
  });
});
