/**
 * A booked call's e-mails and its manage link, on the real SMTP sink: the confirmation and the host's
 * alert with their calendar file (REQUEST, the booking's UID and SEQUENCE, ORGANIZER the host and
 * ATTENDEE the person, in the host's copy the sender and the host, the booked start in UTC), the
 * reminders (none already past, moved with the call, not sent after a cancellation, sent once), and the link of every e-mail: opening it changes nothing, its POSTs
 * move or cancel the same booking (same UID, higher SEQUENCE, an update or a METHOD:CANCEL), and an old
 * e-mail's link still shows the booking as it is now after two moves.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { startTestApp, type TestApp } from '../harness.ts';
import { startSmtpSink, waitUntil, type ReceivedMail, type SmtpSink } from '../../support/smtp-sink.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { queueSendJobs } from '../../../api/platform/mail/outbox.ts';
import { manageToken } from '../../../api/features/booking/manage/links.ts';
import { typesetFrench } from '../../../api/platform/lib/french-typography.ts';
import { queueBookedEmails } from '../../../api/features/booking/mail/mail.ts';

let app: TestApp;
let smtp: SmtpSink;
let hostId: number;
/** Messages of earlier tests, forgotten. */
let forgotten = 0;

const HOST = 'hote@example.ch';
const PERSON = 'lea@example.ch';
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));
const person = { firstName: 'Léa', lastName: 'Favre', email: PERSON, phone: '+41 79 123 45 67', message: 'Le stress au travail' };

/** The manage page as the Astro build writes it (site/pages/rendez-vous/gerer/index.astro), reduced to its slots. */
const MANAGE_PAGE = `<!doctype html><html lang="fr"><body><h1>Votre appel découverte</h1>
<p role="status" data-server-message hidden><span data-server-message-text></span></p>
<div data-booking-state="invalid" class="mt-6"><p>Ce lien n'est pas valide.</p></div>
<dl data-booking-state="found" hidden class="mt-8 grid"><dt>Date</dt><dd data-booking-field="when"></dd><dt>Durée</dt><dd data-booking-field="duration"></dd>
<dd><span data-booking-state="confirmed" hidden>Confirmé</span><span data-booking-state="cancelled" hidden>Annulé</span><span data-booking-state="past" hidden>Passé</span></dd></dl>
<div data-booking-state="actions" hidden class="mt-10 flex"><a href="/rendez-vous/" data-booking-reschedule class="x">Choisir un autre créneau</a>
<form method="post" action="/api/bookings/cancel"><input type="hidden" name="booking" data-query-field="booking" /><input type="hidden" name="token" data-query-field="token" />
<button type="submit">Annuler le rendez-vous</button></form></div>
<div data-booking-state="rebook" hidden class="mt-10"><a href="/rendez-vous/">Réserver un appel découverte</a></div></body></html>`;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const site = writeSiteFixture();
  mkdirSync(path.join(site, 'rendez-vous', 'gerer'), { recursive: true });
  writeFileSync(path.join(site, 'rendez-vous', 'gerer', 'index.html'), MANAGE_PAGE);
  app = await startTestApp({ SITE_DIST_DIR: site, SMTP_URL: smtp.url, EMAIL_RETRY_DELAY_SECONDS: '1' });
  await app.signIn({ email: HOST, firstName: 'Hélène', lastName: 'Hôte' });
  hostId = (await app.knex('users').where({ email: HOST }).first()).id;
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
beforeEach(async () => {
  // The previous test's e-mails go out first, so none of them lands among this test's messages.
  await app.jobs.drain();
  await app.emptyTables('bookings', 'leads', 'booking_hosts', 'idempotency_keys');
  await app.knex('booking_settings').where({ id: 1 }).update({ minimumNoticeMinutes: 60, horizonDays: 30, dailyCapPerHost: null, mode: 'video' });
  await app
    .knex('booking_hosts')
    .insert({ userId: hostId, isHost: true, weekly: JSON.stringify(ALL_WEEK), overrides: '[]', videoUrl: 'https://meet.example.ch/helene', calendarToken: `token-${hostId}` });
  await app.jobs.drain();
  // A message is parsed a moment after the SMTP server accepts it: wait for every accepted one, then forget them.
  await smtp.waitFor((messages) => forgotten + messages.length >= smtp.accepted());
  forgotten += smtp.messages.length;
  smtp.messages.length = 0;
});

async function freeStarts(): Promise<string[]> {
  const response = await app.client().get('/api/bookings/slots', { query: { days: 5 } });
  expect(response.status).toBe(200);
  return (response.body.days as Array<{ slots: Array<{ start: string }> }>).flatMap((day) => day.slots.map((slot) => slot.start));
}

/** A free start at least `hours` from now (and before `beforeHours`). */
async function startIn(hours: number, beforeHours = 96): Promise<string> {
  const start = (await freeStarts()).find((candidate) => Date.parse(candidate) >= Date.now() + hours * 3600_000 && Date.parse(candidate) < Date.now() + beforeHours * 3600_000);
  expect(start, `a free start in ${hours} h`).toBeDefined();
  return start!;
}

async function book(start: string, fields: Partial<typeof person> = {}) {
  const response = await app.client().post('/api/bookings', { start, ...person, ...fields });
  expect(response.status).toBe(201);
  return app
    .knex('bookings as b')
    .join('leads as l', 'l.id', 'b.leadId')
    .where('l.email', fields.email ?? PERSON)
    .orderBy('b.id', 'desc')
    .first('b.*');
}

const mailsTo = (address: string, subject: RegExp) => smtp.messages.filter((message) => message.envelopeTo.includes(address) && subject.test(message.parsed.subject ?? ''));
async function mailTo(address: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  await app.jobs.drain();
  await smtp.waitFor(() => mailsTo(address, subject).length >= count);
  return mailsTo(address, subject)[count - 1]!;
}

function calendarOf(message: ReceivedMail) {
  const attachment = message.parsed.attachments.find((item) => item.contentType.startsWith('text/calendar'));
  expect(attachment, 'a text/calendar attachment').toBeDefined();
  const text = attachment!.content.toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const dtstart = event.getFirstProperty('dtstart')!;
  return {
    text,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    start: (dtstart.getFirstValue() as ICAL.Time).toJSDate().toISOString(),
    startIsUtc: (dtstart.getFirstValue() as ICAL.Time).zone === ICAL.Timezone.utcTimezone,
    organizer: String(event.getFirstPropertyValue('organizer')).toLowerCase(),
    attendee: String(event.getFirstPropertyValue('attendee')).toLowerCase(),
    location: String(event.getFirstPropertyValue('location')),
  };
}

function manageLinkIn(message: ReceivedMail): URL {
  const match = (message.parsed.text ?? '').match(/https?:\/\/[^\s]+\/rendez-vous\/gerer\/\?[^\s\])]+/);
  expect(match, 'a manage link').not.toBeNull();
  return new URL(match![0]);
}

const swiss = (iso: string) => new Intl.DateTimeFormat('fr-CH', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso)).replace(':', ' h ');

/** The time as pages write it: "10 h 00" held on one line by no-break spaces (decision 119). */
const swissOnPage = (iso: string) => typesetFrench(swiss(iso));

function postForm(pathname: string, fields: Record<string, string>) {
  return app.client().request('POST', pathname, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** Runs a waiting e-mail's send job now, as if its time had come (a clock skew): the sender re-checks it. */
async function runNow(emailId: number) {
  await app.knex.transaction(async (trx) => {
    await trx('emails').where({ id: emailId, status: 'queued' }).update({ sendAfter: new Date() });
    await queueSendJobs(trx, [{ id: emailId, sendAfter: new Date() }]);
  });
  await app.jobs.drain();
}

describe('booking e-mails', () => {
  it('confirms to the person and alerts the host with the same calendar file, in Swiss time, with the manage link', async () => {
    const start = await startIn(30);
    const booking = await book(start);
    const confirmation = await mailTo(PERSON, /confirmé/);
    expect(confirmation.parsed.subject).toContain('(heure suisse)');
    expect(confirmation.parsed.text).toContain(swiss(start));
    expect(confirmation.parsed.text).toContain('Bonjour Léa,');
    expect(confirmation.parsed.text).toContain('https://meet.example.ch/helene');
    const file = calendarOf(confirmation);
    expect(file).toMatchObject({
      method: 'REQUEST',
      uid: booking.uid,
      sequence: 0,
      start,
      startIsUtc: true,
      organizer: `mailto:${HOST}`,
      attendee: `mailto:${PERSON}`,
      location: 'https://meet.example.ch/helene',
    });
    expect(file.text).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);

    const alert = await mailTo(HOST, /Nouvel appel/);
    expect(alert.parsed.text).toContain('Léa Favre');
    expect(alert.parsed.text).toContain('Le stress au travail');
    // The host's own copy: from the sender, the host as ATTENDEE (decision 121).
    expect(calendarOf(alert)).toMatchObject({ method: 'REQUEST', uid: booking.uid, sequence: 0, start, organizer: 'mailto:ne-pas-repondre@clairval.ch', attendee: `mailto:${HOST}` });

    for (const message of [confirmation, alert]) {
      const link = manageLinkIn(message);
      expect(link.searchParams.get('booking')).toBe(String(booking.id));
      expect(link.searchParams.get('token')).toBe(manageToken(app.config.sessionSecret, booking.id));
    }
    const rows = await app.knex('emails').where({ bookingId: booking.id }).orderBy('id');
    expect(rows.map((row) => row.kind).sort()).toEqual(['booking_confirmation', 'booking_host_alert', 'booking_reminder', 'booking_reminder']);
  });

  it('says "Nous vous appelons au …" by phone, in the e-mail and the calendar file', async () => {
    await app.knex('booking_settings').where({ id: 1 }).update({ mode: 'phone' });
    await book(await startIn(30));
    const confirmation = await mailTo(PERSON, /confirmé/);
    expect(confirmation.parsed.text).toContain('Nous vous appelons au +41 79 123 45 67');
    expect(calendarOf(confirmation).location).toBe('Nous vous appelons au +41 79 123 45 67');
  });

  it('a restart (the cause run again) adds no e-mail', async () => {
    const booking = await book(await startIn(30));
    const before = await app.knex('emails').where({ bookingId: booking.id }).count({ count: '*' }).first();
    await app.knex.transaction((trx) => queueBookedEmails(trx, booking.id, app.config.bookingReminders));
    const after = await app.knex('emails').where({ bookingId: booking.id }).count({ count: '*' }).first();
    expect(Number(after!.count)).toBe(Number(before!.count));
  });
});

describe('reminders', () => {
  it('are due BOOKING_REMINDERS minutes before the call, none already past at booking time', async () => {
    const far = await startIn(30);
    const farBooking = await book(far);
    const near = await startIn(2, 20);
    const nearBooking = await book(near, { email: 'marc@example.ch' });
    const due = async (id: number) => (await app.knex('emails').where({ bookingId: id, kind: 'booking_reminder' }).orderBy('sendAfter')).map((row) => new Date(row.sendAfter).toISOString());
    expect(await due(farBooking.id)).toEqual([new Date(Date.parse(far) - 1440 * 60_000).toISOString(), new Date(Date.parse(far) - 60 * 60_000).toISOString()]);
    expect(await due(nearBooking.id)).toEqual([new Date(Date.parse(near) - 60 * 60_000).toISOString()]);
  });

  it('do not go early, go once when due, and never after a cancellation', async () => {
    const booking = await book(await startIn(30));
    const [day, hour] = (await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_reminder' }).orderBy('sendAfter')) as Array<{ id: number }>;
    // Its job run early (a clock skew, a moved call): the sender re-checks and the reminder waits.
    await runNow(hour!.id);
    const waiting = await app.knex('emails').where({ id: hour!.id }).first();
    expect(waiting.status).toBe('queued');
    expect(new Date(waiting.sendAfter).getTime()).toBeGreaterThan(Date.now() + 3600_000);
    expect(mailsTo(PERSON, /^Rappel/)).toHaveLength(0);

    // The call is now 30 minutes away: the hour's reminder is due; run twice, it goes once.
    const start = new Date(Date.now() + 30 * 60_000);
    await app
      .knex('bookings')
      .where({ id: booking.id })
      .update({
        startAt: start,
        endAt: new Date(start.getTime() + 30 * 60_000),
        blocked: app.knex.raw('tstzrange(?, ?)', [start.toISOString(), new Date(start.getTime() + 40 * 60_000).toISOString()]),
      });
    await runNow(hour!.id);
    await runNow(hour!.id);
    const reminder = await mailTo(PERSON, /^Rappel/);
    expect(reminder.parsed.text).toContain(swiss(start.toISOString()));
    expect(manageLinkIn(reminder).searchParams.get('booking')).toBe(String(booking.id));
    await waitUntil(async () => (await app.knex('emails').where({ id: hour!.id, status: 'sent' }).first()) ?? undefined);
    expect(mailsTo(PERSON, /^Rappel/)).toHaveLength(1);

    // Cancelled: the day's reminder (already past here) is cancelled and its job sends nothing.
    const link = manageLinkIn(await mailTo(PERSON, /confirmé/));
    const cancelled = await app.client().post('/api/bookings/cancel', { booking: Number(link.searchParams.get('booking')), token: link.searchParams.get('token') });
    expect(cancelled.body, JSON.stringify({ link: link.href, booking: booking.id })).toMatchObject({ status: 'cancelled' });
    await runNow(day!.id);
    expect(await app.knex('emails').where({ id: day!.id }).first()).toMatchObject({ status: 'cancelled' });
    expect(mailsTo(PERSON, /^Rappel/)).toHaveLength(1);
  });
});

describe('the manage link', () => {
  it('opening it changes nothing; a wrong token is refused with 404 and shows nothing', async () => {
    const start = await startIn(30);
    const booking = await book(start);
    const link = manageLinkIn(await mailTo(PERSON, /confirmé/));
    const emailsBefore = await app.knex('emails').where({ bookingId: booking.id });

    const shown = await app.client().get('/api/bookings/manage', { query: Object.fromEntries(link.searchParams) });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ booking: { id: booking.id, start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString(), status: 'confirmed', mode: 'video' } });
    const page = await app.client().get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(`<dd data-booking-field="when">`);
    expect(page.text).toContain(swissOnPage(start));
    expect(page.text).toContain('<div data-booking-state="actions" class="mt-10 flex">');
    expect(page.text).toContain('<dl data-booking-state="found" class="mt-8 grid">');
    expect(page.text).toMatch(/<div hidden data-booking-state="invalid"/);
    expect(page.text).toContain(`href="/rendez-vous/?booking=${booking.id}&amp;token=${link.searchParams.get('token')}"`);
    expect(page.text).toContain(`value="${link.searchParams.get('token')}"`);

    expect(await app.knex('bookings').where({ id: booking.id }).first()).toMatchObject({ status: 'confirmed', sequence: 0 });
    expect(await app.knex('emails').where({ bookingId: booking.id })).toHaveLength(emailsBefore.length);

    const wrong = manageToken(app.config.sessionSecret, booking.id + 1);
    expect((await app.client().get('/api/bookings/manage', { query: { booking: booking.id, token: wrong } })).status).toBe(404);
    expect((await app.client().post('/api/bookings/cancel', { booking: booking.id, token: wrong })).status).toBe(404);
    expect((await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: wrong, start })).status).toBe(404);
    const badPage = await app.client().get(`/rendez-vous/gerer/?booking=${booking.id}&token=${wrong}`);
    expect(badPage.text).toMatch(/<div data-booking-state="invalid"/);
    expect(badPage.text).not.toContain(swissOnPage(start));
    expect(await app.knex('bookings').where({ id: booking.id }).first()).toMatchObject({ status: 'confirmed' });
  });

  it('moves the same booking twice (same UID, rising SEQUENCE, updates to both); the first e-mail’s link shows it as it is now', async () => {
    const first = await startIn(30);
    const booking = await book(first);
    const confirmation = await mailTo(PERSON, /confirmé/);
    const link = manageLinkIn(confirmation);
    const credentials = { booking: Number(link.searchParams.get('booking')), token: link.searchParams.get('token')! };
    const uid = calendarOf(confirmation).uid;

    const starts = (await freeStarts()).filter((start) => Date.parse(start) > Date.parse(first) + 3 * 3600_000);
    const second = starts[0]!;
    const third = starts[4]!;
    const moved = await app.client().post('/api/bookings/reschedule', { ...credentials, start: second });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(`Votre rendez-vous est déplacé au ${moved.body.message.match(/au (.*)\. Vous/)[1]}. Vous recevez la confirmation par e-mail.`);
    expect(moved.body.message).toContain('(heure suisse)');
    expect(moved.body.booking).toMatchObject({ id: booking.id, start: second, status: 'confirmed' });

    const update = await mailTo(PERSON, /déplacé/);
    expect(calendarOf(update)).toMatchObject({ method: 'REQUEST', uid, sequence: 1, start: second, organizer: `mailto:${HOST}`, attendee: `mailto:${PERSON}` });
    expect(update.parsed.text).toContain(swiss(second));
    const hostUpdate = await mailTo(HOST, /déplacé/);
    expect(calendarOf(hostUpdate)).toMatchObject({ uid, sequence: 1, start: second });

    // The form without JavaScript: 303 back to the manage page with the signed message.
    const form = await postForm('/api/bookings/reschedule', { booking: String(credentials.booking), token: credentials.token, start: third });
    expect(form.status).toBe(303);
    const location = new URL(form.headers.get('location')!, app.url);
    expect(location.pathname).toBe('/rendez-vous/gerer/');
    expect(location.searchParams.get('booking')).toBe(String(booking.id));
    const result = await app.client().get(`${location.pathname}${location.search}`);
    expect(result.text).toContain('Votre rendez-vous est déplacé au');
    expect(result.text).toContain(swissOnPage(third));

    const secondUpdate = await mailTo(PERSON, /déplacé/, 2);
    expect(calendarOf(secondUpdate)).toMatchObject({ uid, sequence: 2, start: third });

    const row = await app.knex('bookings').where({ id: booking.id }).first();
    expect(row).toMatchObject({ uid, sequence: 2, status: 'confirmed' });
    expect(new Date(row.startAt).toISOString()).toBe(third);
    expect(await app.knex('bookings')).toHaveLength(1);
    const activity = await app.knex('activities').where({ id: row.activityId }).first();
    expect(new Date(activity.scheduledAt).toISOString()).toBe(third);
    expect(new Date(activity.dueDate).toISOString()).toBe(third);
    // The reminders follow the call.
    const reminders = await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_reminder', status: 'queued' }).orderBy('sendAfter');
    expect(reminders.map((reminder) => new Date(reminder.sendAfter).toISOString())).toEqual([
      new Date(Date.parse(third) - 1440 * 60_000).toISOString(),
      new Date(Date.parse(third) - 60 * 60_000).toISOString(),
    ]);

    // The first e-mail's link, after two moves: the booking as it is now.
    const shown = await app.client().get('/api/bookings/manage', { query: Object.fromEntries(link.searchParams) });
    expect(shown.body.booking).toMatchObject({ id: booking.id, start: third, status: 'confirmed' });
    const page = await app.client().get(`${link.pathname}${link.search}`);
    expect(page.text).toContain(swissOnPage(third));
    // The old start is free again.
    expect(await freeStarts()).toContain(first);
  });

  it('answers 409 with the next free starts for a start another booking holds, and changes nothing', async () => {
    const booking = await book(await startIn(30));
    const taken = await startIn(50);
    await book(taken, { email: 'marc@example.ch' });
    const link = manageLinkIn(await mailTo(PERSON, /confirmé/));
    const refused = await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: link.searchParams.get('token'), start: taken });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Ce créneau n'est plus disponible.");
    expect(refused.body.slots.length).toBeGreaterThan(0);
    expect(await app.knex('bookings').where({ id: booking.id }).first()).toMatchObject({ sequence: 0 });
    expect(await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_update' })).toHaveLength(0);
  });

  it('cancels with a METHOD:CANCEL to both, frees the slot, cancels the activity; twice changes nothing', async () => {
    const start = await startIn(30);
    const booking = await book(start);
    const confirmation = await mailTo(PERSON, /confirmé/);
    const link = manageLinkIn(confirmation);
    expect(await freeStarts()).not.toContain(start);

    const form = await postForm('/api/bookings/cancel', { booking: link.searchParams.get('booking')!, token: link.searchParams.get('token')! });
    expect(form.status).toBe(303);
    const location = new URL(form.headers.get('location')!, app.url);
    const result = await app.client().get(`${location.pathname}${location.search}`);
    expect(result.text).toContain('Votre rendez-vous est annulé.');
    expect(result.text).toMatch(/<span data-booking-state="cancelled">/);
    expect(result.text).toContain('<div data-booking-state="actions" hidden class="mt-10 flex">');
    expect(result.text).toContain('<div data-booking-state="rebook" class="mt-10">');

    const told = await mailTo(PERSON, /annulé/);
    const removed = calendarOf(told);
    expect(removed).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: booking.uid, start, organizer: `mailto:${HOST}`, attendee: `mailto:${PERSON}` });
    expect(removed.sequence).toBeGreaterThan(calendarOf(confirmation).sequence);
    expect(calendarOf(await mailTo(HOST, /annulé/))).toMatchObject({ method: 'CANCEL', uid: booking.uid, organizer: 'mailto:ne-pas-repondre@clairval.ch', attendee: `mailto:${HOST}` });

    const row = await app.knex('bookings').where({ id: booking.id }).first();
    expect(row.status).toBe('cancelled');
    expect(row.cancelledAt).not.toBeNull();
    expect(await app.knex('activities').where({ id: row.activityId }).first()).toMatchObject({ status: 'cancelled' });
    expect(await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_reminder', status: 'queued' })).toHaveLength(0);
    expect(await freeStarts()).toContain(start);

    const again = await app.client().post('/api/bookings/cancel', { booking: booking.id, token: link.searchParams.get('token') });
    expect(again.body).toMatchObject({ status: 'cancelled', message: 'Ce rendez-vous était déjà annulé.' });
    expect(await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_cancelled' })).toHaveLength(2);
    const moved = await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: link.searchParams.get('token'), start: await startIn(40) });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe('Ce rendez-vous a été annulé.');
  });

  it('moves a call into its own buffer (30 minutes later): its own time does not block it', async () => {
    const start = await startIn(30);
    const booking = await book(start);
    const later = new Date(Date.parse(start) + 30 * 60_000).toISOString();
    const moved = await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: manageToken(app.config.sessionSecret, booking.id), start: later });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ id: booking.id, start: later });
  });

  it('gives the call to another free host when its host is busy at the new time: the former host’s calendar loses it', async () => {
    await app.signIn({ email: 'second@example.ch', firstName: 'Sami', lastName: 'Second' });
    const secondId = (await app.knex('users').where({ email: 'second@example.ch' }).first()).id;
    await app
      .knex('booking_hosts')
      .insert({ userId: secondId, isHost: true, weekly: JSON.stringify(ALL_WEEK), overrides: '[]', videoUrl: 'https://meet.example.ch/sami', calendarToken: `token-${secondId}` });
    const first = await startIn(30);
    const booking = await book(first);
    const target = await startIn(50);
    // Its host is busy then (their own calendar); the other host is free.
    await app
      .knex('booking_hosts')
      .where({ userId: booking.hostId })
      .update({ feedBusy: JSON.stringify([[Date.parse(target) - 3600_000, Date.parse(target) + 3600_000]]) });
    const other = { hostId: booking.hostId === hostId ? secondId : hostId };
    const moved = await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: manageToken(app.config.sessionSecret, booking.id), start: target });
    expect(moved.status).toBe(200);
    const row = await app.knex('bookings').where({ id: booking.id }).first();
    expect(row).toMatchObject({ hostId: other.hostId, sequence: 1, uid: booking.uid });
    const formerEmail = booking.hostId === hostId ? HOST : 'second@example.ch';
    const newEmail = formerEmail === HOST ? 'second@example.ch' : HOST;
    expect(row.videoUrl).toBe(newEmail === HOST ? 'https://meet.example.ch/helene' : 'https://meet.example.ch/sami');
    expect((await app.knex('activities').where({ id: row.activityId }).first()).assignedTo).toBe(other.hostId);
    const removed = calendarOf(await mailTo(formerEmail, /annulé/));
    expect(removed).toMatchObject({ method: 'CANCEL', uid: booking.uid, start: first });
    const added = calendarOf(await mailTo(newEmail, /Nouvel appel découverte : Léa/));
    expect(added).toMatchObject({ method: 'REQUEST', uid: booking.uid, sequence: 1, start: target, organizer: 'mailto:ne-pas-repondre@clairval.ch', attendee: `mailto:${newEmail}` });
    const update = calendarOf(await mailTo(PERSON, /déplacé/));
    expect(update).toMatchObject({ uid: booking.uid, sequence: 1, start: target, organizer: `mailto:${newEmail}` });
    await app.knex('booking_hosts').where({ userId: secondId }).delete();
  });
});
