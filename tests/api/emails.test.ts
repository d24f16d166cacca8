/**
 * E-mails (decision 022): what goes out, checked on a real SMTP server over TCP (smtp-server + mailparser), with the
 * app's own pg-boss queue and workers on this file's database.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import net from 'node:net';
import { once } from 'node:events';
import ICAL from 'ical.js';
import { setUpAppWithSmtp, type TestApp, type TestClient } from './harness.ts';
import { SAMPLE_WEBINAR, sessionDate } from '../support/webinars.ts';
import { swissDateTime } from '../../api/platform/mail/dates.ts';
import { frenchLongDate } from '../../api/platform/lib/french-dates.ts';
import { waitUntil, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { rescheduleWebinarReminders } from '../../api/features/webinars/mail/reminders.ts';
import { queueSendJobs } from '../../api/platform/mail/outbox.ts';
import { BUSY_REQUESTS } from '../../api/platform/lib/request-load.ts';
import { bookingPageUrl } from '../../api/features/booking/index.ts';

let app: TestApp;
let smtp: SmtpSink;
let admin: TestClient;

const TEAM = 'equipe@clairval.ch';
const JOIN_URL = 'https://zoom.us/j/123456789?pwd=abc';

setUpAppWithSmtp(
  {
    NOTIFY_EMAIL: TEAM,
    MAIL_FROM: 'Clairval Inner Circle <bonjour@clairval.ch>',
    // 1440 minutes before a session 2 minutes away is already past: skipped. 1 minute before is due soon.
    WEBINAR_REMINDERS: '1440,1',
    ...(process.env.DEBUG_MAIL ? { LOG_LEVEL: 'debug' } : {}),
  },
  // The per-address acknowledgement counters (decision 087) go with the contacts: each test starts afresh.
  ['webinars', 'leads', 'rate_limits'],
  (running) => ({ app, smtp, admin } = running),
);
beforeEach(() => smtp.refuse(false));

async function createWebinar(fields: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/webinars', { ...SAMPLE_WEBINAR, joinUrl: JOIN_URL, ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

function signUp(email: string, firstName = 'Léa') {
  return app.client().post('/api/leads', { firstName, lastName: 'Favre', email, company: 'Favre SA', type: 'webinar' });
}

const to = (address: string) => (message: ReceivedMail) => message.envelopeTo.includes(address);

/**
 * A contact's next team alert waits 10 minutes after the previous one (decision 088): once the
 * submissions are in it, checks it is due that late, then makes it due now, as if the time had passed.
 */
async function sendWaitingAlertNow(email: string, submissions: number): Promise<void> {
  const lead = await app.knex('leads').where({ email }).first('id');
  const alerts = await waitUntil(
    async () => {
      const rows = await app.knex('emails').where({ kind: 'team_alert', leadId: lead.id }).orderBy('id');
      return rows.length === 2 && rows[0].status === 'sent' && rows[1].data.submissions?.length === submissions ? rows : undefined;
    },
    20_000,
    'the waiting team alert',
  );
  const [sent, waiting] = alerts;
  expect(waiting.status).toBe('queued');
  expect(new Date(waiting.sendAfter).getTime()).toBeGreaterThanOrEqual(new Date(sent.sentAt).getTime() + 10 * 60_000 - 1000);
  await app.knex.transaction(async (trx) => {
    await trx('emails').where({ id: waiting.id }).update({ sendAfter: new Date() });
    await queueSendJobs(trx, [{ id: waiting.id, sendAfter: new Date() }]);
  });
}
const subjectOf = (message: ReceivedMail) => message.parsed.subject ?? '';

function parseCalendar(message: ReceivedMail) {
  const attachment = message.parsed.attachments.find((item) => item.contentType.startsWith('text/calendar'));
  expect(attachment, 'a text/calendar attachment').toBeDefined();
  const component = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8')));
  const event = component.getFirstSubcomponent('vevent')!;
  return {
    method: component.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    summary: event.getFirstPropertyValue('summary'),
    url: event.getFirstPropertyValue('url'),
    description: String(event.getFirstPropertyValue('description')),
    location: event.getFirstPropertyValue('location'),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    dtstamp: event.getFirstPropertyValue('dtstamp'),
  };
}

describe('webinar sign-up', () => {
  it('sends the confirmation with the join link and a calendar file, and a team alert', async () => {
    const start = sessionDate('2027-01-28T17:00:00.000Z');
    const webinar = await createWebinar({ datetime: start });
    const response = await signUp('lea.favre@example.ch');
    expect(response.status).toBe(201);
    const lead = await app.knex('leads').where({ email: 'lea.favre@example.ch' }).first();
    const registration = await app.knex('webinarRegistrations').where({ leadId: lead.id }).first();

    await smtp.waitFor((messages) => messages.some(to('lea.favre@example.ch')) && messages.some(to(TEAM)));
    const confirmation = smtp.messages.find(to('lea.favre@example.ch'))!;
    expect(subjectOf(confirmation)).toBe('Votre inscription est confirmée : Le bonheur des dirigeants');
    expect(confirmation.parsed.from?.value[0]).toMatchObject({ address: 'bonjour@clairval.ch', name: 'Clairval Inner Circle' });
    // Swiss time, the French way: 17:00 UTC in January is 18:00 in Zurich.
    expect(confirmation.parsed.text).toContain(`${frenchLongDate(new Date(start), { weekday: true })} à 18 h 00 (heure suisse)`);
    expect(confirmation.parsed.text).toContain('1 heure');
    expect(confirmation.parsed.text).toContain(JOIN_URL);
    expect(confirmation.parsed.html).toContain(`href="${JOIN_URL.replace('&', '&amp;')}"`);
    expect(confirmation.parsed.html).toContain('Bonjour Léa,');

    const calendar = parseCalendar(confirmation);
    expect(calendar).toMatchObject({
      uid: `webinar-registration-${registration.id}@127.0.0.1`,
      summary: 'Le bonheur des dirigeants',
      url: JOIN_URL,
      location: JOIN_URL,
      start,
      end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    });
    expect(calendar.description).toContain(JOIN_URL);
    expect(calendar.dtstamp).toBeTruthy();

    const alert = smtp.messages.find(to(TEAM))!;
    expect(subjectOf(alert)).toBe('Nouvelle inscription au webinaire : Léa Favre');
    expect(alert.parsed.text).toContain('lea.favre@example.ch');
    expect(alert.parsed.text).toContain(`${app.url}/admin/leads/${lead.id}`);
    expect(alert.parsed.text).toContain('Inscription confirmée');

    const rows = await waitUntil(async () => {
      const found = await app.knex('emails').where({ leadId: lead.id }).orderBy('id');
      return found.filter((row) => row.status === 'sent').length === 2 ? found : undefined;
    });
    expect(rows.map((row) => [row.kind, row.status])).toEqual(
      expect.arrayContaining([
        ['webinar_confirmation', 'sent'],
        ['team_alert', 'sent'],
      ]),
    );
    expect(rows.find((row) => row.kind === 'webinar_confirmation')).toMatchObject({
      toAddress: 'lea.favre@example.ch',
      transport: 'smtp',
      attempts: 1,
      webinarId: webinar.id,
      registrationId: registration.id,
    });
  });

  it('says the link will follow when the webinar has none, and a second sign-up sends no second confirmation', async () => {
    await createWebinar({ joinUrl: '', datetime: sessionDate('2027-02-04T17:00:00.000Z') });
    expect((await signUp('marc@example.ch', 'Marc')).status).toBe(201);
    // Drained rather than polled (decision 103): both e-mails have been accepted when it returns.
    await app.jobs.drain();
    await smtp.waitFor((messages) => messages.filter(to(TEAM)).length === 1 && messages.some(to('marc@example.ch')));
    const confirmation = smtp.messages.find(to('marc@example.ch'))!;
    expect(confirmation.parsed.text).toContain('Le lien de connexion vous sera envoyé dans le rappel, avant la session.');

    expect((await signUp('marc@example.ch', 'Marc')).status).toBe(201);
    await sendWaitingAlertNow('marc@example.ch', 1);
    await smtp.waitFor((messages) => messages.filter(to(TEAM)).length === 2);
    const confirmations = await app.knex('emails').where({ kind: 'webinar_confirmation', toAddress: 'marc@example.ch' });
    expect(confirmations).toHaveLength(1);
    expect(smtp.messages.filter(to('marc@example.ch'))).toHaveLength(1);
  });

  it('sends a reminder before the session, skips the one already past, and none to a removed registration', async () => {
    // Starts in 70 s: the 1-minute reminder is due in about 10 s; the 1440-minute one is already past.
    const start = new Date(Date.now() + 70_000);
    await createWebinar({ datetime: start.toISOString(), title: 'Session express' });
    await signUp('nadia@example.ch', 'Nadia');
    await signUp('thomas@example.ch', 'Thomas');
    const reminders = await waitUntil(async () => {
      const rows = await app.knex('emails').where({ kind: 'webinar_reminder' });
      return rows.length === 2 ? rows : undefined;
    });
    expect(reminders.every((row) => row.causeKey.endsWith(':1'))).toBe(true);

    // Thomas's registration goes before his reminder is due.
    const thomas = await app.knex('leads').where({ email: 'thomas@example.ch' }).first();
    await app.knex('webinarRegistrations').where({ leadId: thomas.id }).delete();

    await smtp.waitFor((messages) => messages.some((message) => to('nadia@example.ch')(message) && subjectOf(message).startsWith('Rappel')), 40_000);
    const reminder = smtp.messages.find((message) => to('nadia@example.ch')(message) && subjectOf(message).startsWith('Rappel'))!;
    expect(subjectOf(reminder)).toContain('Session express');
    expect(reminder.parsed.text).toContain(JOIN_URL);

    const thomasReminder = await waitUntil(async () => {
      const row = await app.knex('emails').where({ kind: 'webinar_reminder', leadId: thomas.id }).first();
      return row && row.status !== 'queued' ? row : undefined;
    }, 30_000);
    expect(thomasReminder.status).toBe('cancelled');
    expect(smtp.messages.filter((message) => to('thomas@example.ch')(message) && subjectOf(message).startsWith('Rappel'))).toHaveLength(0);
  }, 90_000);
});

describe('a webinar whose date changes', () => {
  it('moves its reminders: earlier (rescheduled at once) and later (noticed when the old time comes)', async () => {
    const early = await createWebinar({ datetime: new Date(Date.now() + 3 * 3600_000).toISOString(), title: 'Avancée' });
    await signUp('avance@example.ch', 'Anne');
    const pending = await waitUntil(async () => app.knex('emails').where({ kind: 'webinar_reminder', toAddress: 'avance@example.ch' }).first());
    expect(new Date(pending.sendAfter).getTime()).toBeGreaterThan(Date.now() + 2 * 3600_000);

    // Moved to 70 s from now: the 1-minute reminder is now due in about 10 s.
    await app
      .knex('webinars')
      .where({ id: early.id })
      .update({ datetime: new Date(Date.now() + 70_000) });
    await app.knex.transaction((trx) => rescheduleWebinarReminders(trx, early.id));
    await smtp.waitFor((messages) => messages.some((message) => to('avance@example.ch')(message) && subjectOf(message).startsWith('Rappel')), 40_000);

    const late = await createWebinar({ datetime: new Date(Date.now() + 75_000).toISOString(), title: 'Reportée' });
    await app.knex('webinars').where({ id: early.id }).update({ isActive: false });
    await signUp('report@example.ch', 'Rémi');
    const reminder = await waitUntil(async () => app.knex('emails').where({ kind: 'webinar_reminder', toAddress: 'report@example.ch' }).first());
    // Moved a week later without telling anyone: at the old time the worker finds the new one.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    await app.knex('webinars').where({ id: late.id }).update({ datetime: nextWeek });
    const moved = await waitUntil(async () => {
      const row = await app.knex('emails').where({ id: reminder.id }).first();
      return new Date(row.sendAfter).getTime() > Date.now() + 86_400_000 ? row : undefined;
    }, 40_000);
    expect(moved.status).toBe('queued');
    expect(new Date(moved.sendAfter).toISOString()).toBe(new Date(nextWeek.getTime() - 60_000).toISOString());
  }, 90_000);
});

describe('contact request', () => {
  it('acknowledges the request to the visitor and alerts the team with a link to the contact', async () => {
    const response = await app.client().post('/api/leads', {
      firstName: 'Camille',
      lastName: 'Rochat',
      email: 'camille@example.ch',
      phone: '+41 79 123 45 67',
      message: 'Je voudrais en savoir plus.',
      type: 'contact',
    });
    expect(response.status).toBe(201);
    await smtp.waitFor((messages) => messages.some(to('camille@example.ch')) && messages.some(to(TEAM)));
    const acknowledgement = smtp.messages.find(to('camille@example.ch'))!;
    expect(subjectOf(acknowledgement)).toBe('Nous avons bien reçu votre demande');
    expect(acknowledgement.parsed.text).toContain('Bonjour Camille,');
    expect(acknowledgement.parsed.text).toContain('deux jours ouvrables');
    const alert = smtp.messages.find(to(TEAM))!;
    expect(subjectOf(alert)).toBe('Nouvelle demande de contact : Camille Rochat');
    expect(alert.parsed.text).toContain('+41 79 123 45 67');
    expect(alert.parsed.text).toContain('Je voudrais en savoir plus.');
    // The public answer carries no id (it would tell whether the email was known): read it from the database.
    const contact = await app.knex('leads').where({ email: 'camille@example.ch' }).first();
    expect(alert.parsed.text).toContain(`${app.url}/admin/leads/${contact.id}`);
    // The acknowledgement offers the booking page, signed for this contact: it opens with the name and e-mail filled.
    expect(acknowledgement.parsed.text).toContain('Réservez directement un créneau');
    expect(acknowledgement.parsed.text).toContain(bookingPageUrl(app.url, app.config.sessionSecret, contact.id));
  });

  it('quotes in the team alert what a returning contact typed this time, not their first message', async () => {
    const request = (message: string, phone: string) => app.client().post('/api/leads', { firstName: 'Nina', lastName: 'Roux', email: 'nina@example.ch', phone, message, type: 'contact' });
    expect((await request('Première demande : le programme en groupe.', '+41 79 111 11 11')).status).toBe(201);
    await smtp.waitFor((messages) => messages.filter(to(TEAM)).length === 1);
    expect((await request('Seconde demande : un appel jeudi ?', '+41 79 222 22 22')).status).toBe(201);
    await sendWaitingAlertNow('nina@example.ch', 1);
    await smtp.waitFor((messages) => messages.filter(to(TEAM)).length === 2);
    const [first, second] = smtp.messages.filter(to(TEAM));
    expect(first!.parsed.text).toContain('Première demande : le programme en groupe.');
    expect(second!.parsed.text).toContain('Seconde demande : un appel jeudi ?');
    expect(second!.parsed.text).not.toContain('Première demande');
    // The number typed this time differs from the stored one: the team sees both.
    expect(second!.parsed.text).toContain('Téléphone indiqué : +41 79 222 22 22');
    expect((await app.knex('leads').where({ email: 'nina@example.ch' }).first()).message).toBe('Première demande : le programme en groupe.');
  });
});

describe('webinar deletion', () => {
  it('tells each registrant with a METHOD:CANCEL calendar file of the same UID, and cancels their reminders', async () => {
    const start = sessionDate('2027-03-04T17:00:00.000Z');
    const webinar = await createWebinar({ datetime: start, title: 'Session annulée' });
    await signUp('lea@example.ch');
    await smtp.waitFor((messages) => messages.some(to('lea@example.ch')));
    const confirmationUid = parseCalendar(smtp.messages.find(to('lea@example.ch'))!).uid;

    const count = await admin.get(`/api/admin/webinars/${webinar.id}/cancellation-recipients`);
    expect(count.body).toEqual({ count: 1 });
    expect((await admin.delete(`/api/admin/webinars/${webinar.id}`)).status).toBe(204);

    await smtp.waitFor((messages) => messages.filter(to('lea@example.ch')).length === 2);
    const cancellation = smtp.messages.filter(to('lea@example.ch'))[1]!;
    expect(subjectOf(cancellation)).toBe('Annulation : Session annulée');
    expect(cancellation.parsed.text).toContain(swissDateTime(new Date(start)));
    const calendar = parseCalendar(cancellation);
    expect(calendar).toMatchObject({ method: 'CANCEL', uid: confirmationUid, status: 'CANCELLED', summary: 'Session annulée' });

    const reminders = await app.knex('emails').where({ kind: 'webinar_reminder' });
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.every((row) => row.status === 'cancelled')).toBe(true);
  });
});

describe('SMTP refusing', () => {
  it('retries with backoff, shows the attempts and the error, and delivers once when the server accepts again', async () => {
    smtp.refuse(true);
    await app.client().post('/api/leads', { firstName: 'Zoé', email: 'zoe@example.ch', phone: '+41 79 000 00 00', type: 'contact' });
    const failing = await waitUntil(async () => {
      const row = await app.knex('emails').where({ kind: 'contact_acknowledgement', toAddress: 'zoe@example.ch' }).first();
      return row && row.attempts >= 1 && row.lastError ? row : undefined;
    });
    expect(failing.status).toBe('queued');
    expect(failing.lastError).toMatch(/451/);
    smtp.refuse(false);
    await smtp.waitFor((messages) => messages.some(to('zoe@example.ch')), 30_000);
    const sent = await waitUntil(async () => {
      const row = await app.knex('emails').where({ id: failing.id }).first();
      return row.status === 'sent' ? row : undefined;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.lastError).toBeNull();
    expect(smtp.messages.filter(to('zoe@example.ch'))).toHaveLength(1);
  });
});

describe('a process busy answering requests (decision 079)', () => {
  it('sends the e-mails of a sign-up only once the requests in flight have been answered', async () => {
    // Eight requests whose bodies never finish arriving keep the process busy.
    const { port } = new URL(app.url);
    const pending = await Promise.all(
      Array.from({ length: BUSY_REQUESTS }, async () => {
        const socket = net.connect(Number(port), '127.0.0.1');
        await once(socket, 'connect');
        socket.write('POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"firstName"');
        return socket;
      }),
    );
    await waitUntil(async () => app.requestsInFlight() >= BUSY_REQUESTS);
    expect((await app.client().post('/api/leads', { firstName: 'Zoé', email: 'zoe@example.ch', phone: '+41 79 000 00 00', type: 'contact' })).status).toBe(201);
    // Unhindered, the acknowledgement leaves within a second (bench: sign-up → SMTP accepted p95 < 2 s).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.messages.filter(to('zoe@example.ch'))).toHaveLength(0);

    for (const socket of pending) socket.destroy();
    await smtp.waitFor((messages) => messages.some(to('zoe@example.ch')) && messages.some(to(TEAM)));
    expect(smtp.messages.filter(to('zoe@example.ch'))).toHaveLength(1);
  });
});

describe('admin emails API', () => {
  it('lists newest first with filters and search, shows one with its text and HTML, and resends a copy (202)', async () => {
    await app.client().post('/api/leads', { firstName: 'Léa', email: 'lea.api@example.ch', phone: '+41 79 000 00 01', type: 'contact' });
    await smtp.waitFor((messages) => messages.some(to('lea.api@example.ch')) && messages.some(to(TEAM)));
    const lead = await app.knex('leads').where({ email: 'lea.api@example.ch' }).first();
    await waitUntil(async () => (await app.knex('emails').where({ leadId: lead.id, status: 'sent' })).length === 2);

    const list = await admin.get('/api/admin/emails', { query: { kind: 'contact_acknowledgement', search: 'LEA.API' } });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toEqual({ page: 1, limit: 10, total: 1 });
    const [item] = list.body.emails;
    expect(item).toMatchObject({ kind: 'contact_acknowledgement', to: 'lea.api@example.ch', status: 'sent', attempts: 1, lastError: null, transport: 'smtp', leadId: lead.id, webinarId: null });
    expect(item).not.toHaveProperty('html');

    const byLead = await admin.get('/api/admin/emails', { query: { leadId: lead.id } });
    expect(byLead.body.emails.map((email: { kind: string }) => email.kind).sort()).toEqual(['contact_acknowledgement', 'team_alert']);
    expect((await admin.get('/api/admin/emails', { query: { status: 'failed', leadId: lead.id } })).body.emails).toEqual([]);
    const badFilter = await admin.get('/api/admin/emails', { query: { status: 'perdu' } });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toBeTruthy();

    const detail = await admin.get(`/api/admin/emails/${item.id}`);
    expect(detail.body.subject).toBe('Nous avons bien reçu votre demande');
    expect(detail.body.text).toContain('Bonjour Léa,');
    expect(detail.body.html).toContain('<html');
    expect((await admin.get('/api/admin/emails/999999')).status).toBe(404);

    const resend = await admin.post(`/api/admin/emails/${item.id}/resend`);
    expect(resend.status).toBe(202);
    await smtp.waitFor((messages) => messages.filter(to('lea.api@example.ch')).length === 2);
    // The server accepts the message a moment before the row is marked sent.
    const copy = await waitUntil(async () => {
      const row = await app.knex('emails').where({ id: resend.body.id }).first();
      return row.status === 'sent' ? row : undefined;
    });
    expect(copy).toMatchObject({ resentFrom: item.id, status: 'sent', kind: 'contact_acknowledgement' });
  });

  it('refuses to resend an e-mail that is still waiting', async () => {
    const [row] = await app
      .knex('emails')
      .insert({ kind: 'team_alert', causeKey: 'test:waiting', toAddress: TEAM, sendAfter: new Date(Date.now() + 3600_000) })
      .returning('*');
    const response = await admin.post(`/api/admin/emails/${row.id}/resend`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Seul un e-mail envoyé ou en échec peut être renvoyé.');
  });
});
