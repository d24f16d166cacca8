/**
 * The webinar's own page (decision 055): `PATCH {base}/webinars/{id}` (partial, creation rules) and the
 * `webinar_update` e-mail a change of schedule sends, checked on a real SMTP server (calendar UID kept,
 * SEQUENCE raised).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { ADMIN_API_BASES as BASES } from '../../../api/features/index.ts';
import { setUpAppWithSmtp, type TestApp, type TestClient } from '../harness.ts';
import type { ReceivedMail, SmtpSink } from '../../support/smtp-sink.ts';
import { sessionDate } from '../../support/webinars.ts';
import { swissDateTime } from '../../../api/platform/mail/dates.ts';

let app: TestApp;
let smtp: SmtpSink;
let admin: TestClient;
let member: TestClient;

setUpAppWithSmtp({ NOTIFY_EMAIL: 'equipe@clairval.ch' }, ['webinars', 'leads'], (running) => ({ app, smtp, admin } = running));
beforeAll(async () => {
  member = await app.signIn({ email: 'membre@example.ch', role: 'viewer' });
});

const JOIN_URL = 'https://zoom.us/j/123456789';
const START = sessionDate('2027-02-04T17:00:00.000Z');

async function createWebinar(fields: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/webinars', {
    title: 'Le bonheur des dirigeants',
    description: 'Webinaire gratuit.',
    datetime: START,
    duration: 60,
    joinUrl: JOIN_URL,
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body as { id: number };
}

const to = (address: string) => (message: ReceivedMail) => message.envelopeTo.includes(address);

function calendarOf(message: ReceivedMail) {
  const attachment = message.parsed.attachments.find((item) => item.contentType.startsWith('text/calendar'));
  expect(attachment, 'a text/calendar attachment').toBeDefined();
  const event = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
  return {
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    url: event.getFirstPropertyValue('url'),
  };
}

describe('access control', () => {
  for (const base of BASES) {
    it(`${base}: PATCH /webinars/1 answers 401 signed out and 403 to a non-admin`, async () => {
      expect((await app.client().patch(`${base}/webinars/1`, { title: 'x' })).status).toBe(401);
      expect((await member.patch(`${base}/webinars/1`, { title: 'x' })).status).toBe(403);
    });
  }
});

describe('PATCH {base}/webinars/{id}', () => {
  it('changes only the given fields and answers 200 with the whole webinar', async () => {
    for (const base of BASES) {
      const webinar = await createWebinar({ registrationUrl: 'https://exemple.ch/inscription' });
      const response = await admin.patch(`${base}/webinars/${webinar.id}`, { title: 'Nouveau titre', isActive: false, maxAttendees: 20, registrationUrl: '' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: webinar.id,
        title: 'Nouveau titre',
        description: 'Webinaire gratuit.',
        datetime: START,
        duration: 60,
        maxAttendees: 20,
        isActive: false,
        joinUrl: JOIN_URL,
        registrationUrl: null,
      });
      expect((await admin.get(`${base}/webinars/${webinar.id}`)).body).toEqual(response.body);
    }
  });

  it('sets and clears the join link', async () => {
    const webinar = await createWebinar({ joinUrl: undefined });
    expect((await admin.patch(`/api/admin/webinars/${webinar.id}`, { joinUrl: 'https://meet.google.com/abc-defg-hij' })).body.joinUrl).toBe('https://meet.google.com/abc-defg-hij');
    expect((await admin.patch(`/api/admin/webinars/${webinar.id}`, { joinUrl: null })).body.joinUrl).toBeNull();
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['an empty title', { title: '' }, 'title', 'Le titre est obligatoire.'],
    ['a datetime without time zone', { datetime: '2026-12-03T18:30' }, 'datetime', 'La date et l’heure sont obligatoires (date ISO 8601 avec fuseau, ex. 2026-12-01T18:00:00.000Z).'],
    ['a duration of 14 minutes', { duration: 14 }, 'duration', 'La durée doit être un nombre entier de minutes compris entre 15 et 240.'],
    ['1001 attendees', { maxAttendees: 1001 }, 'maxAttendees', 'Le nombre maximum de participants doit être un nombre entier compris entre 1 et 1000.'],
    ['a relative join link', { joinUrl: '/zoom' }, 'joinUrl', 'Le lien de connexion doit être une adresse complète commençant par http:// ou https://.'],
    ['a text isActive', { isActive: 'oui' }, 'isActive', 'Le statut actif doit être vrai ou faux.'],
  ];
  it.each(invalid)('refuses %s with the creation message and changes nothing', async (_label, change, path, message) => {
    const webinar = await createWebinar();
    const response = await admin.patch(`/api/admin/webinars/${webinar.id}`, change);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Données invalides', errors: [{ path, message }] });
    expect((await app.knex('webinars').where({ id: webinar.id }).first()).title).toBe('Le bonheur des dirigeants');
  });

  it('answers 404 for an unknown webinar', async () => {
    const response = await admin.patch('/api/admin/webinars/999999', { title: 'x' });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Webinaire non trouvé');
  });
});

describe('the update e-mail', () => {
  it('tells registered and waitlisted people of a new time with the same calendar UID and a higher SEQUENCE', async () => {
    const webinar = await createWebinar();
    expect((await app.client().post('/api/leads', { firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', type: 'webinar' })).status).toBe(201);
    await smtp.waitFor((messages) => messages.some(to('lea@example.ch')));
    const confirmation = calendarOf(smtp.messages.find(to('lea@example.ch'))!);
    // Others on the list: one waiting, one cancelled (not told).
    const [waiting] = await app.knex('leads').insert({ firstName: 'Marc', email: 'marc@example.ch', source: 'webinar' }).returning('id');
    const [gone] = await app.knex('leads').insert({ firstName: 'Zoé', email: 'zoe@example.ch', source: 'webinar' }).returning('id');
    await app.knex('webinarRegistrations').insert([
      { webinarId: webinar.id, leadId: waiting.id, status: 'waitlisted' },
      { webinarId: webinar.id, leadId: gone.id, status: 'cancelled' },
    ]);

    const movedStart = sessionDate('2027-02-11T18:00:00.000Z');
    const moved = await admin.patch(`/api/admin/webinars/${webinar.id}`, { datetime: movedStart, duration: 90 });
    expect(moved.status).toBe(200);
    await smtp.waitFor((messages) => messages.filter(to('lea@example.ch')).length === 2 && messages.some(to('marc@example.ch')));
    const update = smtp.messages.filter(to('lea@example.ch'))[1]!;
    expect(update.parsed.subject).toBe(`Changement : Le bonheur des dirigeants, le ${swissDateTime(new Date(movedStart))}`);
    expect(update.parsed.text).toContain('1 h 30');
    const calendar = calendarOf(update);
    expect(calendar).toMatchObject({ uid: confirmation.uid, start: movedStart, end: new Date(Date.parse(movedStart) + 90 * 60_000).toISOString() });
    expect(calendar.sequence).toBeGreaterThan(confirmation.sequence);
    expect(calendarOf(smtp.messages.find(to('marc@example.ch'))!).sequence).toBe(calendar.sequence);
    expect(smtp.messages.some(to('zoe@example.ch'))).toBe(false);

    // A new join link is a new version again: SEQUENCE keeps rising.
    expect((await admin.patch(`/api/admin/webinars/${webinar.id}`, { joinUrl: 'https://teams.microsoft.com/l/meetup-join/1' })).status).toBe(200);
    await smtp.waitFor((messages) => messages.filter(to('lea@example.ch')).length === 3);
    const second = calendarOf(smtp.messages.filter(to('lea@example.ch'))[2]!);
    expect(second.url).toBe('https://teams.microsoft.com/l/meetup-join/1');
    expect(second.sequence).toBeGreaterThan(calendar.sequence);
  });

  it('sends nothing for a change that does not move the session (title, capacity, same date)', async () => {
    const webinar = await createWebinar();
    const [lead] = await app.knex('leads').insert({ firstName: 'Léa', email: 'lea@example.ch', source: 'webinar' }).returning('id');
    await app.knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId: lead.id, status: 'registered' });
    expect((await admin.patch(`/api/admin/webinars/${webinar.id}`, { title: 'Autre titre', maxAttendees: 30, datetime: START, joinUrl: JOIN_URL })).status).toBe(200);
    expect(await app.knex('emails').where({ kind: 'webinar_update' })).toHaveLength(0);
  });

  it('writes the update rows in the transaction of the change: a refused change leaves none', async () => {
    const webinar = await createWebinar();
    const [lead] = await app.knex('leads').insert({ firstName: 'Léa', email: 'lea@example.ch', source: 'webinar' }).returning('id');
    await app.knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId: lead.id, status: 'registered' });
    expect((await admin.patch(`/api/admin/webinars/${webinar.id}`, { datetime: sessionDate('2027-03-01T17:00:00.000Z'), duration: 5 })).status).toBe(400);
    expect(await app.knex('emails').where({ kind: 'webinar_update' })).toHaveLength(0);
    expect((await admin.patch(`/api/admin/webinars/${webinar.id}`, { datetime: sessionDate('2027-03-01T17:00:00.000Z') })).status).toBe(200);
    const rows = await app.knex('emails').where({ kind: 'webinar_update' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ toAddress: 'lea@example.ch', webinarId: webinar.id });
  });
});
