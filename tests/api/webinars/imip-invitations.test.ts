/**
 * Decision 121, on the real SMTP sink: every e-mail that adds, moves or removes a calendar entry sends
 * it as iMIP (RFC 6047): multipart/alternative holds the text, the HTML and a text/calendar part whose
 * `method` parameter equals the file's METHOD (REQUEST or CANCEL), and the same file stays attached for
 * the clients that read only attachments. The host's own copy of a booking names the sender as
 * ORGANIZER and the host as ATTENDEE (a calendar refuses an invitation organised by its own owner); the
 * person's copy, the host as ORGANIZER. Every e-mail's HTML has its subject as `<title>`.
 */
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { setUpAppWithSmtp, type TestApp, type TestClient } from '../harness.ts';
import { type ReceivedMail, type SmtpSink } from '../../support/smtp-sink.ts';
import { mimeParts, mimeTree, type MimePart } from '../../support/mime-tree.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { manageToken } from '../../../api/features/booking/manage/links.ts';

let app: TestApp;
let smtp: SmtpSink;
let admin: TestClient;

const HOST = 'hote@example.ch';
const PERSON = 'lea@example.ch';
const SENDER = 'mailto:ne-pas-repondre@clairval.ch';
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));

setUpAppWithSmtp({ SITE_DIST_DIR: writeSiteFixture() }, ['webinars', 'leads', 'bookings', 'booking_hosts'], (running) => ({ app, smtp, admin } = running));

const mailsTo = (address: string, subject: RegExp) => smtp.messages.filter((message) => message.envelopeTo.includes(address) && subject.test(message.parsed.subject ?? ''));
async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  await app.jobs.drain();
  await smtp.waitFor(() => mailsTo(address, subject).length > 0);
  return mailsTo(address, subject)[0]!;
}

/** The message's structure, and its calendar part parsed with ical.js. */
function invitationOf(message: ReceivedMail, method: 'REQUEST' | 'CANCEL') {
  const root = mimeTree(message.raw);
  const alternative = mimeParts(root).find((part) => part.type === 'multipart/alternative');
  expect(alternative, 'a multipart/alternative part').toBeDefined();
  expect(alternative!.children.map((part) => part.type)).toEqual(['text/plain', 'text/html', 'text/calendar']);
  const calendarPart = alternative!.children[2]!;
  expect(calendarPart.params.method).toBe(method);
  expect(calendarPart.disposition).toBeNull();
  // Kept as a file too, outside the alternative, with the same content.
  const attached = mimeParts(root).filter((part: MimePart) => part.disposition === 'attachment');
  expect(attached).toHaveLength(1);
  expect(attached[0]!.params.name).toBe(method === 'CANCEL' ? 'annulation.ics' : 'invitation.ics');
  expect(attached[0]!.text).toBe(calendarPart.text);

  const calendar = new ICAL.Component(ICAL.parse(calendarPart.text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const attendees = event.getAllProperties('attendee');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    organizer: String(event.getFirstPropertyValue('organizer')).toLowerCase(),
    attendees: attendees.map((property) => String(property.getFirstValue()).toLowerCase()),
    attendeeAnswer: attendees.map((property) => [property.getParameter('partstat'), property.getParameter('rsvp')]),
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' };
function titleOf(message: ReceivedMail): string | undefined {
  const match = String(message.parsed.html || '').match(/<title>([^<]*)<\/title>/);
  return match?.[1]!.replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_all, name: string) => ENTITIES[name]!);
}

function expectTitledAsSubject(...messages: ReceivedMail[]) {
  for (const message of messages) expect(titleOf(message), `<title> of « ${message.parsed.subject} »`).toBe(message.parsed.subject);
}

describe('webinar invitations', () => {
  it('a confirmation is an iMIP REQUEST, a change raises its SEQUENCE, a cancellation is an iMIP CANCEL of the same UID', async () => {
    const created = await admin.post('/api/admin/webinars', {
      title: 'Le bonheur des dirigeants',
      description: 'Webinaire gratuit.',
      datetime: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      maxAttendees: 100,
      joinUrl: 'https://meet.example.ch/bonheur',
    });
    expect(created.status).toBe(201);
    expect((await app.client().post('/api/leads', { firstName: 'Léa', email: PERSON, type: 'webinar' })).status).toBe(201);

    const confirmation = await mailTo(PERSON, /^Votre inscription est confirmée/);
    const added = invitationOf(confirmation, 'REQUEST');
    expect(added).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', organizer: SENDER, attendees: [`mailto:${PERSON}`] });

    const moved = await admin.patch(`/api/admin/webinars/${created.body.id}`, { datetime: new Date(Date.now() + 31 * 86_400_000).toISOString() });
    expect(moved.status).toBe(200);
    const update = await mailTo(PERSON, /^Changement/);
    const changed = invitationOf(update, 'REQUEST');
    expect(changed).toMatchObject({ method: 'REQUEST', uid: added.uid, organizer: SENDER });
    expect(changed.sequence).toBeGreaterThan(added.sequence);

    const deleted = await admin.delete(`/api/admin/webinars/${created.body.id}`);
    expect(deleted.status).toBeLessThan(300);
    const cancellation = await mailTo(PERSON, /^Annulation/);
    const removed = invitationOf(cancellation, 'CANCEL');
    expect(removed).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: added.uid, organizer: SENDER, attendees: [`mailto:${PERSON}`] });
    expect(removed.sequence).toBeGreaterThan(changed.sequence);

    expectTitledAsSubject(confirmation, update, cancellation);
  });

  it('an e-mail without a calendar file has no text/calendar part, and its HTML has its <title>', async () => {
    await admin.post('/api/admin/webinars', { title: 'Complet', description: 'x', datetime: new Date(Date.now() + 30 * 86_400_000).toISOString(), maxAttendees: 1 });
    await app.client().post('/api/leads', { firstName: 'Léa', email: PERSON, type: 'webinar' });
    await app.client().post('/api/leads', { firstName: 'Marc', email: 'marc@example.ch', type: 'webinar' });
    const waiting = await mailTo('marc@example.ch', /^Liste d'attente/);
    expect(mimeParts(mimeTree(waiting.raw)).map((part) => part.type)).not.toContain('text/calendar');
    expectTitledAsSubject(waiting);
  });
});

describe('booking invitations', () => {
  it("the person's copy comes from the host, the host's copy from the sender with the host as ATTENDEE; both cancel as iMIP CANCEL", async () => {
    await app.signIn({ email: HOST, firstName: 'Hélène', lastName: 'Hôte' });
    const hostId = (await app.knex('users').where({ email: HOST }).first()).id as number;
    await app.knex('booking_settings').where({ id: 1 }).update({ minimumNoticeMinutes: 60, horizonDays: 30, dailyCapPerHost: null, mode: 'video' });
    await app
      .knex('booking_hosts')
      .insert({ userId: hostId, isHost: true, weekly: JSON.stringify(ALL_WEEK), overrides: '[]', videoUrl: 'https://meet.example.ch/helene', calendarToken: `token-${hostId}` });

    const slots = await app.client().get('/api/bookings/slots', { query: { days: 5 } });
    expect(slots.status).toBe(200);
    const start = (slots.body.days as Array<{ slots: Array<{ start: string }> }>)
      .flatMap((day) => day.slots)
      .map((slot) => slot.start)
      .find((candidate) => Date.parse(candidate) > Date.now() + 30 * 3600_000);
    expect(start, 'a free start in 30 h').toBeDefined();
    const booked = await app.client().post('/api/bookings', { start, firstName: 'Léa', lastName: 'Favre', email: PERSON, phone: '+41 79 123 45 67' });
    expect(booked.status).toBe(201);
    const booking = await app.knex('bookings').orderBy('id', 'desc').first();

    const confirmation = await mailTo(PERSON, /^Votre appel découverte est confirmé/);
    expect(invitationOf(confirmation, 'REQUEST')).toMatchObject({
      uid: booking.uid,
      sequence: 0,
      organizer: `mailto:${HOST}`,
      attendees: [`mailto:${PERSON}`],
      attendeeAnswer: [['ACCEPTED', 'FALSE']],
    });
    const alert = await mailTo(HOST, /^Nouvel appel découverte/);
    const hostCopy = invitationOf(alert, 'REQUEST');
    expect(hostCopy).toMatchObject({ uid: booking.uid, sequence: 0, organizer: SENDER, attendees: [`mailto:${HOST}`], attendeeAnswer: [['ACCEPTED', 'FALSE']] });
    expect(hostCopy.attendees).not.toContain(hostCopy.organizer);

    const cancelled = await app.client().post('/api/bookings/cancel', { booking: booking.id, token: manageToken(app.config.sessionSecret, booking.id) });
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    const toPerson = await mailTo(PERSON, /^Votre appel découverte est annulé/);
    const toHost = await mailTo(HOST, /^Appel découverte annulé/);
    expect(invitationOf(toPerson, 'CANCEL')).toMatchObject({ uid: booking.uid, sequence: 1, status: 'CANCELLED', organizer: `mailto:${HOST}`, attendees: [`mailto:${PERSON}`] });
    expect(invitationOf(toHost, 'CANCEL')).toMatchObject({ uid: booking.uid, sequence: 1, status: 'CANCELLED', organizer: SENDER, attendees: [`mailto:${HOST}`] });

    expectTitledAsSubject(confirmation, alert, toPerson, toHost);
  });
});
