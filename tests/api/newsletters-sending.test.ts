/**
 * Sending an issue over a real SMTP server (decision 112): one snapshot of the confirmed subscribers,
 * one message each even when sending is started twice, evenly paced at the configured rate (600 a
 * minute here, so a tenth of a second apart), the list headers and our links' UTM parameters, the
 * blocks filled when each message goes, the test send, and a scheduled issue starting on time.
 */
import { describe, expect, it } from 'vitest';
import { setUpAppWithSmtp, type TestApp, type TestClient } from './harness.ts';
import type { SmtpSink } from '../support/smtp-sink.ts';
import { BASE, ISSUE, addContact, addSubscribers, deliveries, issueIn, received, startIssue } from './newsletter-fixture.ts';

let app: TestApp;
let smtp: SmtpSink;
let admin: TestClient;
setUpAppWithSmtp({ NEWSLETTER_RATE_PER_MINUTE: '600' }, ['emails', 'newsletters', 'leads', 'webinars'], (running) => {
  ({ app, smtp, admin } = running);
});

const RATE = 600;
const SPACING_MS = 60_000 / RATE;

const ROLLBACK = new Error('rolled back');

/**
 * One reservation against a pacing row set up by `pace` (SQL assignments, `now()` being the
 * transaction's time), with one subscriber's row due, inside a transaction rolled back afterwards: the
 * app's own dispatcher never sees the row. Answers the reservation and the pacing row after it.
 */
async function reserveWith(pace: string) {
  await addSubscribers(app.knex, 1, `rythme-${Math.random().toString(36).slice(2, 8)}`);
  const { body: issue } = await admin.post(BASE, ISSUE);
  const { reserve } = await import('../../api/features/newsletters/dispatcher.ts');
  const { snapshot } = await import('../../api/features/newsletters/sending.ts');
  let outcome: { reservation: Awaited<ReturnType<typeof reserve>>; nextInMs: number; lastMinute: number } | undefined;
  await app.knex
    .transaction(async (trx) => {
      await trx('newsletters').where({ id: issue.id }).update({ status: 'sending', startedAt: trx.fn.now() });
      await snapshot(trx, { id: issue.id, tags: [] });
      await trx.raw(`update newsletter_pace set ${pace} where id = 1`);
      const reservation = await reserve(trx, RATE);
      const { rows } = await trx.raw<{ rows: Array<{ next_in_ms: number; last_minute: number }> }>(
        `select extract(epoch from next_at - now())::float8 * 1000 as next_in_ms,
                (select count(*)::int from unnest(recent_starts) as started where started > now() - interval '60 seconds') as last_minute
         from newsletter_pace where id = 1`,
      );
      outcome = { reservation, nextInMs: Number(rows[0]!.next_in_ms), lastMinute: rows[0]!.last_minute };
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return outcome!;
}

describe('the pace: each start reserved on a grid, with room in the past minute', () => {
  it('starts on the grid: a start late by less than half a step keeps the grid, the next slot one step after the missed one', async () => {
    const { reservation, nextInMs } = await reserveWith(`next_at = now() - interval '20 milliseconds', recent_starts = '{}'`);
    expect(reservation).toMatchObject({ emailId: expect.any(Number) });
    expect(nextInMs).toBeCloseTo(SPACING_MS - 20, 3);
  });

  it('starts the grid again a step after now when the start is later than half a step (no catch-up burst after an idle spell)', async () => {
    const { reservation, nextInMs } = await reserveWith(`next_at = now() - interval '2 seconds', recent_starts = '{}'`);
    expect(reservation).toMatchObject({ emailId: expect.any(Number) });
    expect(nextInMs).toBeCloseTo(SPACING_MS, 3);
  });

  it('waits for the slot when it is still ahead', async () => {
    const { reservation, nextInMs } = await reserveWith(`next_at = now() + interval '40 milliseconds', recent_starts = '{}'`);
    expect(reservation).toEqual({ waitMs: expect.closeTo(40, 3) });
    expect(nextInMs).toBeCloseTo(40, 3);
  });

  it('waits while the past minute holds as many starts as the rate, until the oldest is a minute old', async () => {
    const full = `next_at = now() - interval '1 second', recent_starts = array(select now() - make_interval(secs => 59.5 - i * 0.05) from generate_series(0, ${RATE - 1}) as i)`;
    const { reservation, lastMinute } = await reserveWith(full);
    expect(reservation).toEqual({ waitMs: expect.closeTo(500, 3) });
    expect(lastMinute).toBe(RATE);
    // One start fewer in the minute: the message goes, and the minute holds the rate exactly.
    const room = await reserveWith(full.replace(`${RATE - 1})`, `${RATE - 2})`));
    expect(room.reservation).toMatchObject({ emailId: expect.any(Number) });
    expect(room.lastMinute).toBe(RATE);
  });

  it('forgets the starts older than a minute', async () => {
    const { reservation, lastMinute } = await reserveWith(
      `next_at = now() - interval '1 second', recent_starts = array[now() - interval '2 minutes', now() - interval '61 seconds', now() - interval '10 seconds']`,
    );
    expect(reservation).toMatchObject({ emailId: expect.any(Number) });
    expect(lastMinute).toBe(2);
    const { rows } = await app.knex.raw<{ rows: Array<{ kept: number }> }>('select cardinality(recent_starts) as kept from newsletter_pace');
    expect(rows[0]!.kept).toBeLessThanOrEqual(RATE);
  });
});

describe('sending an issue', () => {
  it('sends once to each confirmed subscriber, evenly paced, and turns sent when none is left', async () => {
    const ids = await addSubscribers(app.knex, 20);
    for (const status of ['pending', 'unsubscribed', 'bounced'] as const) await addContact(app.knex, `${status}@example.ch`, { status });
    const id = await startIssue(admin, { ...ISSUE, body: 'Lire [notre page](PUBLIC/webinaire/) et [ailleurs](https://autre.example/).'.replace('PUBLIC', app.url) });
    const sent = await issueIn(admin, id, 'sent');
    expect(sent.counts).toEqual({ recipients: 20, queued: 0, sent: 20, failed: 0, cancelled: 0 });
    expect(sent.sentAt).not.toBeNull();

    await received(smtp, 20);
    const byRecipient = deliveries(smtp.messages);
    expect([...byRecipient.keys()].sort()).toEqual(ids.map((_, index) => `abonne-${index + 1}@example.ch`).sort());
    expect([...byRecipient.values()].every((count) => count === 1)).toBe(true);

    // Evenly paced (the reservation rules are tested one by one below). One dispatcher sends one message
    // at a time, so message i arrives between its start and message i+1's: arrival times jitter with the
    // machine's load, but starts are at least half a step apart and each slot a step after the one
    // before, so any two messages three apart arrived at least one and a half steps apart, and the
    // twenty took at least 16.5 steps (a millisecond less for the clocks' rounding). A burst would be
    // several messages within a few ms.
    const times = smtp.messages
      .filter((m) => m.parsed.subject === ISSUE.subject)
      .map((m) => m.arrivedAt)
      .sort((a, b) => a - b);
    const threeApart = times.slice(3).map((time, index) => time - times[index]!);
    expect(Math.min(...threeApart)).toBeGreaterThanOrEqual(SPACING_MS * 1.5 - 1);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(SPACING_MS * 16.5 - 1);

    const message = smtp.messages.find((m) => m.envelopeTo[0] === 'abonne-1@example.ch')!;
    // Long headers are folded over several lines: unfolded first (RFC 5322 §2.2.3).
    const headers = String(message.raw)
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ');
    const token = (await app.knex('leads').where({ id: ids[0] }).first('newsletterToken')).newsletterToken as string;
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headers).toContain(`List-Unsubscribe: <${app.url}/newsletter/desinscription?token=${token}>`);
    expect(headers).toMatch(/^List-Id: <newsletter\.127\.0\.0\.1>$/im);
    const row = await app.knex('emails').where({ leadId: ids[0], kind: 'newsletter_issue' }).first('id', 'messageId');
    expect(message.parsed.messageId).toBe(`<email-${row.id}@127.0.0.1>`);
    // Our own links name the issue; others are left alone; nothing tracks.
    expect(message.parsed.html).toContain(`${app.url}/webinaire/?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=${id}`);
    expect(message.parsed.html).toContain('href="https://autre.example/"');
    expect(message.parsed.html).not.toMatch(/<img/);
    expect(message.parsed.text).toContain(`notre page (${app.url}/webinaire/?utm_source=newsletter&utm_medium=email&utm_campaign=${id})`);
  });

  it('adds nobody when sending is started twice at once, or the snapshot taken again', async () => {
    await addSubscribers(app.knex, 5);
    const { body: issue } = await admin.post(BASE, ISSUE);
    const answers = await Promise.all([admin.post(`${BASE}/${issue.id}/send`, {}), admin.post(`${BASE}/${issue.id}/send`, {})]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const { snapshot } = await import('../../api/features/newsletters/sending.ts');
    await app.knex.transaction((trx) => snapshot(trx, { id: issue.id, tags: [] }));
    await issueIn(admin, issue.id, 'sent');
    await received(smtp, 5);
    const rows = await app.knex('emails').where({ newsletterId: issue.id, kind: 'newsletter_issue' }).count<{ count: string }[]>({ count: '*' });
    expect(Number(rows[0]!.count)).toBe(5);
    expect([...deliveries(smtp.messages).values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it('sends only to the subscribers with one of the tags', async () => {
    await addContact(app.knex, 'vip@example.ch', { tags: ['VIP'] });
    await addContact(app.knex, 'autre@example.ch', { tags: ['autre'] });
    const id = await startIssue(admin, { ...ISSUE, tags: ['vip'] });
    await issueIn(admin, id, 'sent');
    await received(smtp, 1);
    expect([...deliveries(smtp.messages).keys()]).toEqual(['vip@example.ch']);
  });

  it('fills the blocks when each message goes: the sessions as they are then, signed links per person', async () => {
    const leadId = await addContact(app.knex, 'lea@example.ch');
    const [webinar] = await app
      .knex('webinars')
      .insert({ title: 'Titre d’origine', datetime: new Date(Date.now() + 3 * 86_400_000), duration: 60, location: 'online', maxAttendees: 10, isActive: true })
      .returning('id');
    const { body: issue } = await admin.post(BASE, { ...ISSUE, body: 'Bonjour\n\n{{prochains-webinaires}}\n\n{{appel-decouverte}}' });
    // Changed after the issue was written, before it is sent: the message says what is true then.
    await app.knex('webinars').where({ id: webinar.id }).update({ title: 'Dormir mieux' });
    const other = await addContact(app.knex, 'inscrit@example.ch', { status: null });
    await app.knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId: other, status: 'registered' });
    await admin.post(`${BASE}/${issue.id}/send`, {});
    await issueIn(admin, issue.id, 'sent');
    const [message] = await smtp.waitFor((messages) => messages.some((m) => m.parsed.subject === ISSUE.subject));
    const text = message!.parsed.text!;
    expect(text).toContain('Dormir mieux — ');
    expect(text).toContain('9 places restantes');
    expect(text).not.toContain('Titre d’origine');
    expect(text).toMatch(new RegExp(`/inscription-webinaire/\\?webinar=${webinar.id}&lead=${leadId}&token=[\\w-]+`));
    expect(text).toMatch(new RegExp(`/rendez-vous/\\?lead=${leadId}&token=[\\w-]+`));
  });
});

describe('privacy', () => {
  it('puts the issues a contact received in their export, and erases them with the contact', async () => {
    const leadId = await addContact(app.knex, 'lea@example.ch');
    const id = await startIssue(admin);
    await issueIn(admin, id, 'sent');
    const exported = await admin.get(`/api/admin/leads/${leadId}/export`);
    expect(JSON.parse(exported.text).emails).toEqual([expect.objectContaining({ kind: 'newsletter_issue', subject: ISSUE.subject, status: 'sent', toAddress: 'lea@example.ch' })]);
    expect((await admin.post(`/api/admin/leads/${leadId}/erase`, { confirmEmail: 'lea@example.ch' })).status).toBeLessThan(300);
    expect(await app.knex('emails').where({ newsletterId: id }).first()).toBeUndefined();
    expect((await admin.get(`${BASE}/${id}`)).body.counts.recipients).toBe(0);
    await received(smtp, 1);
  });
});

describe('the test send', () => {
  it('goes to the signed-in user or a typed address, marked [Test], and is not counted', async () => {
    await addSubscribers(app.knex, 2);
    const { body: issue } = await admin.post(BASE, ISSUE);
    expect((await admin.post(`${BASE}/${issue.id}/test`, {})).status).toBe(202);
    expect((await admin.post(`${BASE}/${issue.id}/test`, { to: 'Relecture@Example.ch' })).status).toBe(202);
    const invalid = await admin.post(`${BASE}/${issue.id}/test`, { to: 'pas-une-adresse' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([{ path: 'to', message: 'Email invalide' }]);
    const tests = await received(smtp, 2, `[Test] ${ISSUE.subject}`);
    expect(tests.flatMap((m) => m.envelopeTo).sort()).toEqual(['admin1@example.ch', 'relecture@example.ch']);
    expect(String(tests[0]!.raw).split(/\r?\n\r?\n/)[0]).not.toMatch(/List-Unsubscribe/);
    const answer = await admin.get(`${BASE}/${issue.id}`);
    expect(answer.body).toMatchObject({ status: 'draft', counts: { recipients: 0, sent: 0 } });
    expect(deliveries(smtp.messages).size).toBe(0);
  });
});

describe('a scheduled issue', () => {
  it('waits for its time, then takes its snapshot and sends', async () => {
    await addSubscribers(app.knex, 2);
    const { body: issue } = await admin.post(BASE, ISSUE);
    const past = await admin.post(`${BASE}/${issue.id}/send`, { at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(409);
    expect(past.body.message).toBe('La date d’envoi programmée doit être dans le futur.');
    const at = new Date(Date.now() + 2_000);
    const scheduled = await admin.post(`${BASE}/${issue.id}/send`, { at: at.toISOString() });
    expect(scheduled.status).toBe(202);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString(), counts: { recipients: 0 } });
    // Subscribed after scheduling, before the time: the snapshot is taken then.
    await addContact(app.knex, 'tardif@example.ch');
    await issueIn(admin, issue.id, 'sent', 20_000);
    const times = (await received(smtp, 3)).map((m) => m.arrivedAt);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(at.getTime());
    expect(deliveries(smtp.messages).size).toBe(3);
  });
});
