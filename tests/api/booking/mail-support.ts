/** The booking e-mail tests' starting point: the real SMTP sink, the manage page, one host available all week, and helpers to book and read the e-mails. */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import ICAL from 'ical.js';
import { startTestApp, type TestApp } from '../harness.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../support/smtp-sink.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { queueSendJobs } from '../../../api/platform/mail/outbox.ts';
import { typesetFrench } from '../../../api/platform/lib/french-typography.ts';

export let app: TestApp;
let smtp: SmtpSink;
export let hostId: number;
/** Messages of earlier tests, forgotten. */
let forgotten = 0;

export const HOST = 'hote@example.ch';
export const PERSON = 'lea@example.ch';
export const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));
export const person = { firstName: 'Léa', lastName: 'Favre', email: PERSON, phone: '+41 79 123 45 67', message: 'Le stress au travail' };

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

export async function freeStarts(): Promise<string[]> {
  const response = await app.client().get('/api/bookings/slots', { query: { days: 5 } });
  expect(response.status).toBe(200);
  return (response.body.days as Array<{ slots: Array<{ start: string }> }>).flatMap((day) => day.slots.map((slot) => slot.start));
}

/** A free start at least `hours` from now (and before `beforeHours`). */
export async function startIn(hours: number, beforeHours = 96): Promise<string> {
  const start = (await freeStarts()).find((candidate) => Date.parse(candidate) >= Date.now() + hours * 3600_000 && Date.parse(candidate) < Date.now() + beforeHours * 3600_000);
  expect(start, `a free start in ${hours} h`).toBeDefined();
  return start!;
}

export async function book(start: string, fields: Partial<typeof person> = {}) {
  const response = await app.client().post('/api/bookings', { start, ...person, ...fields });
  expect(response.status).toBe(201);
  return app
    .knex('bookings as b')
    .join('leads as l', 'l.id', 'b.leadId')
    .where('l.email', fields.email ?? PERSON)
    .orderBy('b.id', 'desc')
    .first('b.*');
}

export const mailsTo = (address: string, subject: RegExp) => smtp.messages.filter((message) => message.envelopeTo.includes(address) && subject.test(message.parsed.subject ?? ''));
export async function mailTo(address: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  await app.jobs.drain();
  await smtp.waitFor(() => mailsTo(address, subject).length >= count);
  return mailsTo(address, subject)[count - 1]!;
}

export function calendarOf(message: ReceivedMail) {
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

export function manageLinkIn(message: ReceivedMail): URL {
  const match = (message.parsed.text ?? '').match(/https?:\/\/[^\s]+\/rendez-vous\/gerer\/\?[^\s\])]+/);
  expect(match, 'a manage link').not.toBeNull();
  return new URL(match![0]);
}

export const swiss = (iso: string) => new Intl.DateTimeFormat('fr-CH', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso)).replace(':', ' h ');

/** The time as pages write it: "10 h 00" held on one line by no-break spaces (decision 119). */
export const swissOnPage = (iso: string) => typesetFrench(swiss(iso));

export function postForm(pathname: string, fields: Record<string, string>) {
  return app.client().request('POST', pathname, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** Runs a waiting e-mail's send job now, as if its time had come (a clock skew): the sender re-checks it. */
export async function runNow(emailId: number) {
  await app.knex.transaction(async (trx) => {
    await trx('emails').where({ id: emailId, status: 'queued' }).update({ sendAfter: new Date() });
    await queueSendJobs(trx, [{ id: emailId, sendAfter: new Date() }]);
  });
  await app.jobs.drain();
}

/** Registers this file's hooks: each test file starts its own app (a module imported by several files is evaluated once per worker). */
export function setUpBookingMailTests(): void {
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
}
