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

    // Evenly paced. One dispatcher sends one message at a time, each start reserved `SPACING_MS` after
    // the one before, so message i arrives between its start and message i+1's: arrival times jitter
    // with the machine's load, but any two messages two apart arrived at least one spacing apart
    // (a millisecond less for the clocks' rounding). A burst would be several messages within a few ms.
    const times = smtp.messages.filter((m) => m.parsed.subject === ISSUE.subject).map((m) => m.arrivedAt).sort((a, b) => a - b);
    const twoApart = times.slice(2).map((time, index) => time - times[index]!);
    expect(Math.min(...twoApart)).toBeGreaterThanOrEqual(SPACING_MS - 1);
    // And no one-second window (a minute scaled by the rate) holds more than the rate allows (one more
    // for the arrival of the message started just before the window).
    const window = 60_000 / (RATE / 10);
    const busiest = Math.max(...times.map((start) => times.filter((time) => time >= start && time < start + window).length));
    expect(busiest).toBeLessThanOrEqual(10 + 1);

    const message = smtp.messages.find((m) => m.envelopeTo[0] === 'abonne-1@example.ch')!;
    // Long headers are folded over several lines: unfolded first (RFC 5322 §2.2.3).
    const headers = String(message.raw).split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
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
    const [webinar] = await app.knex('webinars').insert({ title: 'Titre d’origine', datetime: new Date(Date.now() + 3 * 86_400_000), duration: 60, location: 'online', maxAttendees: 10, isActive: true }).returning('id');
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
