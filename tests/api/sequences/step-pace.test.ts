/**
 * A step due for many people while the sending fell behind (docs/decisions/160-sequence-steps-paced-at-send-time.md):
 * its rows, due minutes ago, go one by one at the newsletters' pace, never in a burst. The pace is read
 * from the starts the database recorded (newsletter_pace, by its clock), not from wall-clock budgets,
 * so the test holds on a loaded machine. A high rate (1,200 a minute, 50 ms apart) keeps it short.
 */
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../support/smtp-sink.ts';
import { ISSUE, addSubscribers, startIssue } from '../newsletter-fixture.ts';
import { addLead, admin, app, BASE, createSequence, paceStarts, registration, run, setUpSequencesApp, smtp, step } from './support.ts';

const RATE = 1200;
const STEP_MS = 60_000 / RATE;
const PEOPLE = 40;
setUpSequencesApp(['sequences', 'emails', 'leads', 'webinars'], RATE);

/** Holds the dispatcher (its next slot an hour away) while the rows are written and made late. */
const holdPace = () => app.knex.raw(`update newsletter_pace set next_at = now() + interval '1 hour', recent_starts = '{}' where id = 1`);
const releasePace = () => app.knex.raw(`update newsletter_pace set next_at = now() - interval '1 hour', recent_starts = '{}' where id = 1`);

const sentSteps = async () => Number((await app.knex('emails').where({ kind: 'sequence_step', status: 'sent' }).count({ n: '*' }).first())?.n ?? 0);

describe('a step due for many people while the sending fell behind', () => {
  it('sends the late rows at the pace: no window holds more than the rate’s share', { timeout: 60_000 }, async () => {
    await holdPace();
    try {
      await createSequence({ entry: { event: 'webinar_absent' }, exitOn: [], steps: [step('Le replay vous attend')] });
      for (let index = 1; index <= PEOPLE; index += 1) await registration(await addLead(`retard-${index}@example.ch`), 'no-show');
      await run();
      const rows = await app.knex('emails').where({ kind: 'sequence_step' }).select('id', 'status');
      expect(rows).toHaveLength(PEOPLE);
      expect(rows.every((row) => row.status === 'queued')).toBe(true);
      // The sending fell ten minutes behind.
      await app.knex.raw(`update emails set send_after = now() - interval '10 minutes' where kind = 'sequence_step'`);
    } finally {
      await releasePace();
    }

    await waitUntil(async () => (await sentSteps()) === PEOPLE, 50_000, 'every step sent');
    const starts = await paceStarts();
    expect(starts).toHaveLength(PEOPLE);
    // Never two starts closer than half a step (the grid, decision 112) ...
    const gaps = starts.slice(1).map((time, index) => time - starts[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(STEP_MS / 2 - 1);
    // ... and no sliding window of a second (or any length) holds more than its share of the rate, give or take one start.
    for (const windowMs of [250, 1000, 2000]) {
      const share = Math.floor(windowMs / STEP_MS + 1.5);
      for (let first = 0; first < starts.length; first += 1) {
        const inWindow = starts.filter((time) => time >= starts[first]! && time < starts[first]! + windowMs).length;
        expect(inWindow, `starts within ${windowMs} ms of start ${first}`).toBeLessThanOrEqual(share);
      }
    }
    // Everyone got it once.
    const received = await smtp.waitFor((messages) => messages.filter((message) => message.parsed.subject === 'Le replay vous attend').length >= PEOPLE);
    const recipients = received.filter((message) => message.parsed.subject === 'Le replay vous attend').flatMap((message) => message.envelopeTo);
    expect(new Set(recipients).size).toBe(PEOPLE);
    expect(recipients).toHaveLength(PEOPLE);
  });

  it('leaves the rows of a paused sequence waiting, and sends them once it is resumed', { timeout: 60_000 }, async () => {
    await holdPace();
    let sequenceId: number;
    try {
      const sequence = await createSequence({ entry: { event: 'webinar_absent' }, exitOn: [], steps: [step('Une étape en attente')] });
      sequenceId = sequence.id;
      for (let index = 1; index <= 3; index += 1) await registration(await addLead(`attente-${index}@example.ch`), 'no-show');
      await run();
      expect((await admin.post(`${BASE}/${sequence.id}/pause`, {})).body.status).toBe('paused');
    } finally {
      await releasePace();
    }
    // An issue sent meanwhile goes through the same pace: once it is out, the paused rows are still queued.
    await addSubscribers(app.knex, 1, 'lectrice');
    await startIssue(admin, { ...ISSUE, subject: 'Lettre du mois' });
    await smtp.waitFor((messages) => messages.some((message) => message.parsed.subject === 'Lettre du mois'));
    expect(await app.knex('emails').where({ kind: 'sequence_step', status: 'queued' })).toHaveLength(3);

    expect((await admin.post(`${BASE}/${sequenceId!}/resume`, {})).body.status).toBe('active');
    await waitUntil(async () => (await sentSteps()) === 3, 30_000, 'the three steps sent after the resume');
  });
});

describe('a step refused by the recipient’s server', () => {
  it('fails for good on a 5xx and marks the address bouncing; retries a 4xx later without marking it; pauses nothing', { timeout: 60_000 }, async () => {
    await createSequence({ entry: { event: 'webinar_absent' }, exitOn: [], steps: [step('Un message refusé')] });
    const dead = await addLead('adresse-morte@example.ch');
    const busy = await addLead('boite-pleine@example.ch');
    smtp.answerRecipient('adresse-morte@example.ch', 550);
    smtp.answerRecipient('boite-pleine@example.ch', 452);
    try {
      await registration(dead, 'no-show');
      await registration(busy, 'no-show');
      await run();

      const failed = await waitUntil(async () => {
        const row = await app.knex('emails').where({ kind: 'sequence_step', toAddress: 'adresse-morte@example.ch' }).first();
        return row?.status === 'failed' ? row : undefined;
      });
      expect(failed.lastError).toMatch(/550|Mailbox unavailable/);
      expect((await app.knex('leads').where({ id: dead }).first()).newsletterStatus).toBe('bounced');

      const refusedForNow = await waitUntil(async () => {
        const row = await app.knex('emails').where({ kind: 'sequence_step', toAddress: 'boite-pleine@example.ch' }).first();
        return row?.attempts >= 1 && row.lastError ? row : undefined;
      });
      expect(refusedForNow.lastError).toMatch(/452|Mailbox busy/);
      expect((await app.knex('leads').where({ id: busy }).first()).newsletterStatus).not.toBe('bounced');
    } finally {
      smtp.answerRecipient('boite-pleine@example.ch', null);
      smtp.answerRecipient('adresse-morte@example.ch', null);
    }
    // Accepted again: the same row goes out, once.
    await smtp.waitFor((messages) => messages.some((message) => message.parsed.subject === 'Un message refusé' && message.envelopeTo.includes('boite-pleine@example.ch')));
    const sent = await waitUntil(async () => {
      const row = await app.knex('emails').where({ kind: 'sequence_step', toAddress: 'boite-pleine@example.ch' }).first();
      return row?.status === 'sent' ? row : undefined;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(smtp.messages.filter((message) => message.parsed.subject === 'Un message refusé').flatMap((message) => message.envelopeTo)).toEqual(['boite-pleine@example.ch']);
    // A step has no issue: no issue counted its refusals, none was paused.
    expect(await app.knex('newsletters').where('refusals', '>', 0).orWhere({ status: 'paused' }).select('id')).toEqual([]);
  });
});
