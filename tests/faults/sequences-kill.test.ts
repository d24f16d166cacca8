/**
 * A sequence's step to 1,000 people survives `kill -9` (docs/decisions/150-sequences-engine.md): `npm
 * start` on one PostgreSQL, killed once while the `sequences` cron is writing the step (some people's
 * rows committed, not all) and twice while the outbox delivers it, started again each time. Every person
 * ends with one `sequence_sends` row and one e-mail row, sent; a message received twice is only one the
 * SMTP server accepted while its row was unsent when a kill came, with the same Message-ID (the
 * outbox's one case, docs/emails.md; ./kill-duplicates.ts). A step in its SMTP conversation at a kill
 * is sent again once its row's lease (2 minutes) has passed: steps go through the newsletters' paced
 * dispatcher, not send jobs (docs/decisions/160-sequence-steps-paced-at-send-time.md), and the final wait
 * covers a lease.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../support/smtp-sink.ts';
import { inFlightAtKills } from './kill-duplicates.ts';
import { setUpKillableServers } from './killable-servers.ts';
import { subscribers } from './newsletter-send.ts';

const faults = setUpKillableServers('sequences_kill');
const SUBJECT = 'Bienvenue parmi nos lecteurs';
const PEOPLE = 1000;

const count = async (sql: string) => (await faults.db.query<{ n: number }>(sql)).rows[0]!.n;

describe('a sequence step killed and restarted', () => {
  it('leaves every person with the step exactly once', { timeout: 420_000 }, async () => {
    const env = {
      DATABASE_URL: faults.scratch.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: faults.smtp.url,
      NEWSLETTER_RATE_PER_MINUTE: '1200',
      EMAIL_RETRY_DELAY_SECONDS: '1',
      EMAIL_SEND_EXPIRE_SECONDS: '30',
    };
    const inFlight = inFlightAtKills(faults, SUBJECT);
    let server = await faults.start(env);
    // The migrated database: only this test's sequence takes people in.
    await faults.db.query(`update sequences set state = 'paused'`);
    const { rows } = await faults.db.query<{ id: number }>(
      `insert into sequences (name, entry_event, window_from, window_to, window_days) values ('Bienvenue', 'newsletter_confirmed', '00:00', '24:00', '{1,2,3,4,5,6,7}') returning id`,
    );
    await faults.db.query(`insert into sequence_steps (sequence_id, position, delay_minutes, subject, body_markdown, sending_window) values ($1, 1, 0, $2, 'Bonjour {{prenom}},', false)`, [
      rows[0]!.id,
      SUBJECT,
    ]);
    await subscribers(faults, PEOPLE, 'lecteur');

    // First kill: as soon as the cron committed its first batch of the step, before it wrote them all.
    await waitUntil(async () => (await count('select count(*)::int as n from sequence_sends')) > 0, 180_000, 'first sends written');
    await faults.kill(server);
    await inFlight.record();
    const writtenAtKill = await count('select count(*)::int as n from sequence_sends');
    server = await faults.start(env);
    for (const after of [300, 700]) {
      await faults.smtp.waitFor((messages) => messages.filter((m) => m.parsed.subject === SUBJECT).length >= after, 150_000);
      await faults.kill(server);
      await inFlight.record();
      server = await faults.start(env);
    }
    await waitUntil(async () => (await count(`select count(*)::int as n from emails where kind = 'sequence_step' and status = 'sent'`)) >= PEOPLE, 240_000, 'every step sent');
    await faults.smtp.waitFor((messages) => new Set(messages.filter((m) => m.parsed.subject === SUBJECT).flatMap((m) => m.envelopeTo)).size >= PEOPLE, 30_000);

    expect(await count('select count(*)::int as n from sequence_sends')).toBe(PEOPLE);
    expect(await count('select count(distinct lead_id)::int as n from sequence_sends')).toBe(PEOPLE);
    expect(await count(`select count(*)::int as n from emails where kind = 'sequence_step'`)).toBe(PEOPLE);
    expect(await count(`select count(*)::int as n from sequence_runs where state = 'completed'`)).toBe(PEOPLE);
    const { duplicates, inFlight: inFlightPerKill } = inFlight.expectOnlyInFlightDuplicates(PEOPLE);
    console.info(`sequences kill: ${writtenAtKill} of ${PEOPLE} written at the first kill; in flight at each kill ${inFlightPerKill.join(', ')}; ${duplicates} duplicate(s)`);
    await faults.kill(server);
  });
});
