/**
 * The public forms must not relay e-mail to anyone (decisions 087 and 088), checked on a real SMTP
 * server: at most one acknowledgement per address and 24 hours, whatever the number of submissions
 * (all of them stored and reported to the team); the typed first name only when it looks like a name;
 * one team alert per contact and 10 minutes, the next one saying how many submissions it covers.
 */
import { describe, expect, it } from 'vitest';
import { setUpAppWithSmtp, type TestApp } from './harness.ts';
import { SAMPLE_WEBINAR } from '../support/webinars.ts';
import { waitUntil, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { queueSendJobs } from '../../api/platform/mail/outbox.ts';
import { PUBLIC_ACTIVITY_TITLES } from '../../api/features/public-forms/submissions.ts';

let app: TestApp;
let smtp: SmtpSink;

const TEAM = 'equipe@clairval.ch';

setUpAppWithSmtp({ NOTIFY_EMAIL: TEAM }, ['webinars'], (running) => ({ app, smtp } = running));

const to = (address: string) => (message: ReceivedMail) => message.envelopeTo.includes(address);
const contactRequest = (fields: Record<string, string>) => app.client().post('/api/leads', { lastName: 'Martin', type: 'contact', ...fields });
const leadOf = (email: string) => app.knex('leads').whereRaw('lower(email) = ?', [email.toLowerCase()]).first();
const notesOf = async (email: string) => app.knex('activities').where({ leadId: (await leadOf(email)).id, title: PUBLIC_ACTIVITY_TITLES.contact });
const emailsOf = async (email: string, kind: string) =>
  app
    .knex('emails')
    .where({ leadId: (await leadOf(email)).id, kind })
    .orderBy('id');

/** Every submission of the contact has gone through the e-mail worker: its alert lists them all. */
async function allReported(email: string, count: number) {
  return waitUntil(
    async () => {
      const alerts = await emailsOf(email, 'team_alert');
      const covered = alerts.reduce((sum: number, alert: { data: { submissions?: unknown[] } }) => sum + (alert.data.submissions?.length ?? 0), 0);
      return covered === count ? alerts : undefined;
    },
    30_000,
    `${count} submissions in team alerts`,
  );
}

/** Makes a grouped alert due now (as if its 10 minutes had passed) and waits for it at the team's address. */
async function sendNow(alertId: number): Promise<ReceivedMail> {
  const before = smtp.messages.filter(to(TEAM)).length;
  await app.knex.transaction(async (trx) => {
    await trx('emails').where({ id: alertId }).update({ sendAfter: new Date() });
    await queueSendJobs(trx, [{ id: alertId, sendAfter: new Date() }]);
  });
  await smtp.waitFor((messages) => messages.filter(to(TEAM)).length > before);
  // …and its row is marked sent (the sender does it right after the server's 250).
  await app.jobs.drain();
  return smtp.messages.filter(to(TEAM)).at(-1)!;
}

describe('acknowledgements of contact requests', () => {
  it('sends one acknowledgement per address for 10 submissions at once, stores all 10, answers all 10 alike', async () => {
    const victim = 'victime@exemple-rare.ch';
    const responses = await Promise.all(Array.from({ length: 10 }, (_, n) => contactRequest({ firstName: 'Victime', email: n % 2 ? victim.toUpperCase() : victim, message: `Message ${n + 1}` })));
    // The answer never tells whether an e-mail went out (nor whether the address was known).
    for (const response of responses) {
      expect(response.status).toBe(201);
      expect(response.body).toEqual(responses[0]!.body);
    }
    // Another address in the same minutes gets its own acknowledgement.
    expect((await contactRequest({ firstName: 'Autre', email: 'autre@exemple-rare.ch' })).status).toBe(201);

    await allReported(victim, 10);
    await smtp.waitFor((messages) => messages.some(to(victim)) && messages.some(to('autre@exemple-rare.ch')));
    expect(await notesOf(victim)).toHaveLength(10);
    // Every job has run (all 10 are in team alerts): only then can the count of acknowledgements be final.
    await waitUntil(async () => (await emailsOf(victim, 'contact_acknowledgement')).every((row: { status: string }) => row.status === 'sent') || undefined);
    expect(await emailsOf(victim, 'contact_acknowledgement')).toHaveLength(1);
    expect(smtp.messages.filter(to(victim))).toHaveLength(1);
    expect(smtp.messages.filter(to('autre@exemple-rare.ch'))).toHaveLength(1);
  });

  it('sends none to an address acknowledged less than 24 hours ago, and one again after', async () => {
    const address = 'deux-fois@exemple-rare.ch';
    expect((await contactRequest({ firstName: 'Léa', email: address, message: 'Première' })).status).toBe(201);
    await smtp.waitFor((messages) => messages.some(to(address)));
    expect((await contactRequest({ firstName: 'Léa', email: address, message: 'Deuxième' })).status).toBe(201);
    await allReported(address, 2);
    expect(await emailsOf(address, 'contact_acknowledgement')).toHaveLength(1);

    // 24 hours later (the counter's window moved back by a day): acknowledged again.
    await app
      .knex('rate_limits')
      .where('key', 'like', 'acknowledgement:email:%')
      .update({ resetAt: new Date(Date.now() - 1000) });
    expect((await contactRequest({ firstName: 'Léa', email: address, message: 'Troisième' })).status).toBe(201);
    await smtp.waitFor((messages) => messages.filter(to(address)).length === 2);
    await allReported(address, 3);
    expect(await emailsOf(address, 'contact_acknowledgement')).toHaveLength(2);
  });
});

describe('the first name in e-mails to an unconfirmed address', () => {
  it('greets without the name when what was typed is not a name, with it when it is', async () => {
    const spam = 'cible@exemple-rare.ch';
    expect((await contactRequest({ firstName: 'Gagnez 1000 CHF sur https://promo.example', email: spam })).status).toBe(201);
    expect((await contactRequest({ firstName: 'Zoë-Anne d’Ébène', email: 'zoe-anne@exemple-rare.ch' })).status).toBe(201);
    await smtp.waitFor((messages) => messages.some(to(spam)) && messages.some(to('zoe-anne@exemple-rare.ch')));
    const nameless = smtp.messages.find(to(spam))!;
    expect(nameless.parsed.text).toContain('Bonjour,');
    for (const body of [nameless.parsed.text ?? '', String(nameless.parsed.html), nameless.parsed.subject ?? '']) {
      expect(body).not.toContain('promo.example');
      expect(body).not.toContain('Gagnez');
    }
    expect(smtp.messages.find(to('zoe-anne@exemple-rare.ch'))!.parsed.text).toContain('Bonjour Zoë-Anne d’Ébène,');
    // The team still sees what was typed.
    await smtp.waitFor((messages) => messages.some((message) => to(TEAM)(message) && (message.parsed.text ?? '').includes('promo.example')));
  });

  it('does the same in the webinar confirmation, which still carries its calendar file', async () => {
    const admin = await app.signIn();
    const webinar = await admin.post('/api/admin/webinars', SAMPLE_WEBINAR);
    expect(webinar.status, webinar.text).toBe(201);
    const address = 'inscrit@exemple-rare.ch';
    expect((await app.client().post('/api/leads', { firstName: 'www.gagnez.example', email: address, type: 'webinar' })).status).toBe(201);
    await smtp.waitFor((messages) => messages.some(to(address)));
    const mail = smtp.messages.find(to(address))!;
    expect(mail.parsed.text).toContain('Bonjour,');
    expect(mail.parsed.text).not.toContain('gagnez');
    expect(mail.parsed.attachments.some((item) => item.contentType.startsWith('text/calendar'))).toBe(true);
  });
});

describe('newsletter confirmations', () => {
  it('sends one per address and 24 hours, with the same answer each time', async () => {
    const address = 'lettre@exemple-rare.ch';
    for (let n = 0; n < 4; n += 1) {
      const response = await app.client().post('/api/newsletter', { firstName: 'Inès', email: address });
      expect(response.status).toBe(202);
      expect(response.body).toEqual({ status: 'received' });
    }
    await smtp.waitFor((messages) => messages.some(to(address)));
    const lead = await leadOf(address);
    expect(lead.newsletterStatus).toBe('pending');
    expect(await app.knex('emails').where({ leadId: lead.id, kind: 'newsletter_confirmation' })).toHaveLength(1);
  });
});

describe('team alerts', () => {
  it('sends one alert per contact and 10 minutes: 5 submissions give the first alert, then one that covers the 4 others', async () => {
    const address = 'cinq@exemple-rare.ch';
    expect((await contactRequest({ firstName: 'Nina', email: address, message: 'Question 1' })).status).toBe(201);
    await smtp.waitFor((messages) => messages.some((message) => to(TEAM)(message) && (message.parsed.text ?? '').includes('Question 1')));
    // The SMTP server has the message; the sender marks its row sent just after it hears 250.
    await app.jobs.drain();
    const [first] = await emailsOf(address, 'team_alert');
    expect(first.status).toBe('sent');

    for (let n = 2; n <= 5; n += 1) expect((await contactRequest({ firstName: 'Nina', email: address, message: `Question ${n}` })).status).toBe(201);
    const alerts = await allReported(address, 5);
    expect(alerts).toHaveLength(2);
    const waiting = alerts[1]!;
    expect(waiting.status).toBe('queued');
    expect(waiting.data.submissions).toHaveLength(4);
    // Due 10 minutes after the first alert went out, not before.
    expect(new Date(waiting.sendAfter).getTime()).toBeGreaterThanOrEqual(new Date(first.sentAt).getTime() + 10 * 60_000 - 1000);
    expect(smtp.messages.filter(to(TEAM)).filter((message) => (message.parsed.text ?? '').includes(address))).toHaveLength(1);

    const grouped = await sendNow(waiting.id);
    expect(grouped.parsed.subject).toBe('4 nouvelles demandes : Nina Martin');
    expect(grouped.parsed.text).toMatch(/Nina Martin a envoyé 4 demandes depuis le \S+ \d+(er)? \S+ \d{4} à \d+ h \d\d/);
    for (let n = 2; n <= 5; n += 1) expect(grouped.parsed.text).toContain(`Question ${n}`);
    expect(grouped.parsed.text).not.toContain('Question 1');
    expect(grouped.parsed.text).toContain('Demande 4 sur 4');
    expect(await notesOf(address)).toHaveLength(5);

    // A sixth submission after that: a new alert waits 10 minutes after the grouped one.
    expect((await contactRequest({ firstName: 'Nina', email: address, message: 'Question 6' })).status).toBe(201);
    const after = await allReported(address, 6);
    expect(after).toHaveLength(3);
    const sentGrouped = after[1]!;
    expect(new Date(after[2]!.sendAfter).getTime()).toBeGreaterThanOrEqual(new Date(sentGrouped.sentAt).getTime() + 10 * 60_000 - 1000);
  });
});
