/**
 * Paramètres → Rendez-vous through the admin API: the call's settings and each host's availability
 * (round trip, French messages, viewers read only), the host's calendar feed read from a local HTTP
 * server (its busy times remove the right slots), fail closed with one alert until it is read again,
 * stale after an hour, and the host's own subscription feed with its renewable address.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertUnreadFeeds, refreshAllFeeds, BOOKING_FEEDS_QUEUE } from '../../../api/features/booking/index.ts';
import { QUEUE_SCHEMA } from '../../../api/platform/queue/queue.ts';
import { startTestApp, type TestApp, type TestClient } from '../harness.ts';

const HOST_CALENDAR = readFileSync(path.resolve(import.meta.dirname, '../../support/host-calendar.ics'), 'utf8');
const SWISS = 'Europe/Zurich';
const DAY_MS = 86_400_000;

/** The sample feed's weeks start on Monday 15 March 2027; the test moves them to the coming weeks. */
const SAMPLE_MONDAY = Date.UTC(2027, 2, 15);

function swissDateOf(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SWISS, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

function swissTimeOf(instant: Date): string {
  return new Intl.DateTimeFormat('fr-CH', { timeZone: SWISS, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first Monday at least two days from today (Swiss): the sample's Monday 15 March lands there. */
const today = swissDateOf(new Date());
const monday = (() => {
  let date = addDays(today, 2);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
  return date;
})();
const shiftDays = Math.round((Date.parse(`${monday}T00:00:00Z`) - SAMPLE_MONDAY) / DAY_MS);

/**
 * The sample feed with every date from 2010 on moved by whole weeks (so weekdays, EXDATEs and
 * RECURRENCE-IDs still match; the time zones' own rules of 1601 and 1970 stay as they are).
 */
const shiftedCalendar = HOST_CALENDAR.replace(/\b(20[1-9]\d)(\d\d)(\d\d)(?=T|\r?\n|$)/gm, (_match, year: string, month: string, day: string) => {
  const moved = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)) + shiftDays * DAY_MS);
  return moved.toISOString().slice(0, 10).replaceAll('-', '');
});

/** A wall time in a zone on one of the shifted days, as the Swiss "HH:MM" the slots list shows. */
function swissTimeFrom(date: string, time: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return swissTimeOf(new Date(new TZDate(year, month - 1, day, hour, minute, 0, zone).getTime()));
}

// The local calendar server: what it answers is set by each test.
let feedMode: 'ics' | 'error' | 'garbage' | 'redirect' = 'ics';
let feedRequests: Array<{ cookie: string | undefined }> = [];
let server: Server;
let feedUrl: string;

let app: TestApp;
let admin: TestClient;
let viewer: TestClient;
let hostId: number;

const ALL_WEEK_DAYTIME = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '07:00', end: '18:00' }));

beforeAll(async () => {
  server = createServer((request, response) => {
    feedRequests.push({ cookie: request.headers.cookie });
    if (request.url === '/moved.ics' || feedMode === 'redirect') {
      if (request.url === '/moved.ics') {
        response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', 'set-cookie': 'tracker=1' });
        response.end(shiftedCalendar);
        return;
      }
      response.writeHead(302, { location: '/moved.ics', 'set-cookie': 'tracker=1' });
      response.end();
      return;
    }
    if (feedMode === 'error') {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Internal Server Error');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(feedMode === 'garbage' ? '<html><body>Connexion requise</body></html>' : shiftedCalendar);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendrier.ics`;

  app = await startTestApp();
  admin = await app.signIn({ email: 'admin@example.ch', firstName: 'Alice', lastName: 'Admin' });
  viewer = await app.signIn({ role: 'viewer', email: 'lecture@example.ch', firstName: 'Victor', lastName: 'Lecteur' });
  await app.signIn({ email: 'hote@example.ch', firstName: 'Hélène', lastName: 'Hôte' });
  hostId = (await app.knex('users').where({ email: 'hote@example.ch' }).first()).id;
  // This file reads the feeds itself, at chosen moments: the every-ten-minutes refresh would change a
  // feed's state in the middle of a test (a stale feed read again, a request counted twice).
  await app.jobs.queue.unschedule(BOOKING_FEEDS_QUEUE);
  await app.knex.raw(`delete from ${QUEUE_SCHEMA}.job where name = ? and state in ('created', 'retry')`, [BOOKING_FEEDS_QUEUE]);
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  feedMode = 'ics';
  feedRequests = [];
  await app.emptyTables('bookings', 'leads', 'booking_hosts', 'idempotency_keys', 'emails');
  await app.knex('booking_settings').where({ id: 1 }).update({
    durationMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 60,
    horizonDays: 30,
    slotStepMinutes: 30,
    dailyCapPerHost: null,
    mode: 'video',
  });
});

/** The offered starts, as Swiss "HH:MM" per Swiss date. */
async function slotsByDay(from: string, days: number): Promise<Map<string, string[]>> {
  const response = await app.client().get('/api/bookings/slots', { query: { from, days } });
  expect(response.status).toBe(200);
  const byDay = new Map<string, string[]>();
  for (const day of response.body.days as Array<{ date: string; slots: Array<{ start: string }> }>) {
    byDay.set(
      day.date,
      day.slots.map((slot) => swissTimeOf(new Date(slot.start))),
    );
  }
  return byDay;
}

async function allSlots(): Promise<number> {
  const byDay = await slotsByDay(today, 14);
  return [...byDay.values()].reduce((sum, slots) => sum + slots.length, 0);
}

async function makeHost(feed: string | null = feedUrl) {
  return admin.request('PUT', `/api/admin/hosts/${hostId}/availability`, {
    json: { isHost: true, weekly: ALL_WEEK_DAYTIME, overrides: [], videoUrl: 'https://meet.example.ch/helene', feedUrl: feed },
  });
}

const feedAlerts = () => app.knex('emails').where({ kind: 'booking_feed_alert' }).orderBy('id');

describe('the call’s settings', () => {
  it('round-trips the eight settings and answers exactly them', async () => {
    const settings = {
      durationMinutes: 45,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 15,
      minimumNoticeMinutes: 1440,
      horizonDays: 60,
      slotStepMinutes: 15,
      dailyCapPerHost: 4,
      mode: 'phone',
    };
    const saved = await admin.request('PUT', '/api/admin/booking-settings', { json: settings });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(settings);
    const read = await viewer.get('/api/admin/booking-settings');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(settings);
    // The same route at the tabbed page's base.
    expect((await admin.get('/api/admin-dev/booking-settings')).body).toEqual(settings);
  });

  it('refuses invalid values with a French message per field, and a viewer’s change', async () => {
    const invalid = await admin.request('PUT', '/api/admin/booking-settings', {
      json: { durationMinutes: 5, bufferBeforeMinutes: -1, bufferAfterMinutes: 10, minimumNoticeMinutes: 720, horizonDays: 0, slotStepMinutes: 30, dailyCapPerHost: 0, mode: 'fax' },
    });
    expect(invalid.status).toBe(400);
    const messages = Object.fromEntries((invalid.body.errors as Array<{ path: string; message: string }>).map((error) => [error.path, error.message]));
    expect(messages).toEqual({
      durationMinutes: 'La durée de l’appel doit être un nombre entier compris entre 15 et 120.',
      bufferBeforeMinutes: 'La marge avant l’appel doit être un nombre entier compris entre 0 et 240.',
      horizonDays: 'L’horizon de réservation doit être un nombre entier compris entre 1 et 365.',
      dailyCapPerHost: 'La limite d’appels par jour et par hôte doit être un nombre entier compris entre 1 et 100.',
      mode: "Le déroulement de l’appel doit être l'une des valeurs suivantes : Visioconférence, Téléphone.",
    });

    const refused = await viewer.request('PUT', '/api/admin/booking-settings', { json: { durationMinutes: 60 } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Votre rôle « Lecture seule » permet de consulter, pas de modifier.');
    expect((await admin.get('/api/admin/booking-settings')).body.durationMinutes).toBe(30);
  });
});

describe('a host’s availability', () => {
  it('round-trips the schedule, overrides and links, lists every active user with their switch, and 404s an unknown user', async () => {
    const availability = {
      isHost: true,
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '14:00', end: '17:00' },
        { weekday: 3, start: '08:30', end: '11:00' },
      ],
      overrides: [
        { date: '2027-03-29', ranges: [] },
        { date: '2027-03-31', ranges: [{ start: '13:00', end: '15:00' }] },
      ],
      videoUrl: 'https://meet.example.ch/helene',
      feedUrl: null,
    };
    const saved = await admin.request('PUT', `/api/admin/hosts/${hostId}/availability`, { json: availability });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...availability, userId: hostId, feed: null });
    const read = await viewer.get(`/api/admin/hosts/${hostId}/availability`);
    expect(read.body).toEqual(saved.body);
    const token = (await app.knex('booking_hosts').where({ userId: hostId }).first()).calendarToken;
    expect(read.body.calendarUrl).toBe(`${app.config.publicUrl ?? ''}/api/calendar/${token}.ics`);

    const list = await viewer.get('/api/admin/hosts');
    expect(list.status).toBe(200);
    const emails = (list.body.hosts as Array<{ email: string }>).map((host) => host.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@example.ch', 'lecture@example.ch', 'hote@example.ch']));
    expect(list.body.hosts.find((host: { email: string }) => host.email === 'hote@example.ch')).toEqual({
      userId: hostId,
      firstName: 'Hélène',
      lastName: 'Hôte',
      email: 'hote@example.ch',
      isHost: true,
      feed: null,
    });
    expect(list.body.hosts.find((host: { email: string }) => host.email === 'admin@example.ch').isHost).toBe(false);

    // A user never set up reads as no host.
    const adminId = (await app.knex('users').where({ email: 'admin@example.ch' }).first()).id;
    expect((await admin.get(`/api/admin/hosts/${adminId}/availability`)).body).toMatchObject({ isHost: false, weekly: [], overrides: [], feed: null, calendarUrl: null });

    for (const request of [
      admin.get('/api/admin/hosts/999999/availability'),
      admin.request('PUT', '/api/admin/hosts/999999/availability', { json: availability }),
      admin.post('/api/admin/hosts/999999/feed/refresh', {}),
    ]) {
      const response = await request;
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Utilisateur non trouvé.');
    }
  });

  it('refuses invalid ranges and addresses in French, and a viewer’s change', async () => {
    const invalid = await admin.request('PUT', `/api/admin/hosts/${hostId}/availability`, {
      json: {
        isHost: true,
        weekly: [
          { weekday: 8, start: '09:00', end: '12:00' },
          { weekday: 2, start: '12:00', end: '09:00' },
          { weekday: 3, start: '09:00', end: '12:00' },
          { weekday: 3, start: '11:00', end: '13:00' },
          { weekday: 4, start: '9h', end: '12:00' },
        ],
        overrides: [{ date: '2027-02-30', ranges: [] }],
        videoUrl: 'http://meet.example.ch/helene',
        feedUrl: 'pas une adresse',
      },
    });
    expect(invalid.status).toBe(400);
    const messages = Object.fromEntries((invalid.body.errors as Array<{ path: string; message: string }>).map((error) => [error.path, error.message]));
    expect(messages).toMatchObject({
      'weekly.0.weekday': 'Le jour doit être un nombre entier de 1 (lundi) à 7 (dimanche).',
      'weekly.1.end': 'L’heure de fin doit être après l’heure de début.',
      'weekly.3.start': 'Cette plage chevauche une autre plage du même jour.',
      'weekly.4.start': 'L’heure doit être au format HH:MM (de 00:00 à 23:59).',
      'overrides.0.date': 'La date doit être une date valide (AAAA-MM-JJ).',
      videoUrl: 'Le lien de visioconférence doit être une adresse complète commençant par https://.',
      feedUrl: 'L’adresse du calendrier doit être une adresse complète commençant par https:// (ou http://, webcal://).',
    });
    expect(await app.knex('booking_hosts')).toHaveLength(0);

    const refused = await viewer.request('PUT', `/api/admin/hosts/${hostId}/availability`, { json: { isHost: true } });
    expect(refused.status).toBe(403);
    expect((await viewer.post(`/api/admin/hosts/${hostId}/feed/refresh`, {})).status).toBe(403);
    expect((await viewer.post(`/api/admin/hosts/${hostId}/calendar-token`, {})).status).toBe(403);
    expect(await app.knex('booking_hosts')).toHaveLength(0);
  });
});

describe('the host’s calendar feed', () => {
  it('is read when its address is saved: recurring, all-day, cancelled, free and other-time-zone events remove exactly their slots', async () => {
    const saved = await makeHost();
    expect(saved.status).toBe(200);
    expect(saved.body.feed).toMatchObject({ status: 'ok', error: null });
    expect(saved.body.feed.busyCount).toBeGreaterThan(10);
    expect(Date.now() - Date.parse(saved.body.feed.readAt)).toBeLessThan(60_000);
    const row = await app.knex('booking_hosts').where({ userId: hostId }).first();
    expect(row.feedStatus).toBe('ok');
    expect(row.feedBusy.every((interval: unknown) => Array.isArray(interval) && interval.length === 2)).toBe(true);

    const byDay = await slotsByDay(monday, 15);
    const day = (offset: number) => byDay.get(addDays(monday, offset)) ?? [];

    // Daily meditation 07:30–08:00 Swiss time (since 2019), except on the excluded Thursday of the second week.
    for (const offset of [0, 1, 3, 4, 7]) expect(day(offset)).not.toContain('07:30');
    expect(day(0)).toContain('07:00');
    expect(day(0)).toContain('08:00');
    expect(day(10)).toContain('07:30');

    // Weekly supervision on Mondays 10:00–11:00: the first week excluded, the second moved to Tuesday 14:00, the third as usual.
    expect(day(0)).toEqual(expect.arrayContaining(['10:00', '10:30']));
    expect(day(7)).toEqual(expect.arrayContaining(['10:00', '10:30']));
    expect(day(8)).not.toContain('14:00');
    expect(day(8)).not.toContain('14:30');
    expect(day(14)).not.toContain('10:00');
    expect(day(14)).not.toContain('10:30');
    expect(day(14)).toContain('11:00');

    // An all-day event on Wednesday: no slot that Swiss day; the transparent birthday on Thursday blocks nothing.
    expect(day(2)).toEqual([]);
    expect(day(3).length).toBeGreaterThan(15);

    // A call at 09:00–10:00 New York time on Thursday, wherever that falls in Swiss time.
    const newYork = swissTimeFrom(addDays(monday, 3), '09:00', 'America/New_York');
    const newYorkEnd = swissTimeFrom(addDays(monday, 3), '10:00', 'America/New_York');
    const afterNewYork = swissTimeFrom(addDays(monday, 3), '10:30', 'America/New_York');
    expect(day(3)).not.toContain(newYork);
    expect(day(3)).toContain(newYorkEnd);
    expect(day(3)).toContain(afterNewYork);

    // Friday: Outlook's "Eastern Standard Time" 08:30–09:30 (its VTIMEZONE), a free lunch at 12:00 and a cancelled meeting at 15:00.
    expect(day(4)).not.toContain(swissTimeFrom(addDays(monday, 4), '08:30', 'America/New_York'));
    expect(day(4)).toContain(swissTimeFrom(addDays(monday, 4), '09:30', 'America/New_York'));
    expect(day(4)).toContain('12:00');
    expect(day(4)).toContain('15:30');

    // A tentative call at 07:00 UTC on the second Friday.
    expect(day(11)).not.toContain(swissTimeOf(new Date(`${addDays(monday, 11)}T07:00:00Z`)));
  });

  it('follows redirects and sends no cookie', async () => {
    feedMode = 'redirect';
    const saved = await makeHost();
    expect(saved.body.feed.status).toBe('ok');
    expect(feedRequests).toHaveLength(2);
    expect(feedRequests.every((request) => request.cookie === undefined)).toBe(true);
  });

  it('fails closed with one alert e-mail and a dashboard alert, a second failure alerts nobody again, and a reading clears it', async () => {
    await makeHost();
    expect(await allSlots()).toBeGreaterThan(0);

    feedMode = 'error';
    const failed = await admin.post(`/api/admin/hosts/${hostId}/feed/refresh`, {});
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', busyCount: 0, error: 'Le calendrier ne peut pas être lu : son serveur a répondu par une erreur (HTTP 500).' });
    expect(Object.keys(failed.body).sort()).toEqual(['busyCount', 'error', 'readAt', 'status']);
    expect(await allSlots()).toBe(0);

    // What the screens show: the host's feed state and the dashboard's warning.
    const availability = await viewer.get(`/api/admin/hosts/${hostId}/availability`);
    expect(availability.body.feed).toMatchObject({ status: 'failed', error: failed.body.error });
    const dashboard = await viewer.get('/api/admin/stats/booking-feeds');
    expect(dashboard.body).toEqual({ hosts: [{ userId: hostId, name: 'Hélène Hôte', feed: failed.body }] });

    const alerts = await feedAlerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0].toAddress.split(', ')).toEqual(expect.arrayContaining(['admin@example.ch', 'hote@example.ch']));
    expect(alerts[0].toAddress).not.toContain('lecture@example.ch');
    expect(alerts[0].data).toMatchObject({ hostId, hostName: 'Hélène Hôte', status: 'failed', error: failed.body.error });

    // Garbage instead of a calendar: still failed, with its own reason, and no second e-mail (also from the job).
    feedMode = 'garbage';
    const garbage = await admin.post(`/api/admin/hosts/${hostId}/feed/refresh`, {});
    expect(garbage.body.status).toBe('failed');
    expect(garbage.body.error).toMatch(/^Le calendrier ne peut pas être lu : /);
    expect(garbage.body.error).not.toBe(failed.body.error);
    await refreshAllFeeds(app.knex);
    expect(await feedAlerts()).toHaveLength(1);
    expect(await allSlots()).toBe(0);

    // Read again by the job: slots are back, the warning is gone.
    feedMode = 'ics';
    await refreshAllFeeds(app.knex);
    expect((await admin.get(`/api/admin/hosts/${hostId}/availability`)).body.feed.status).toBe('ok');
    expect(await allSlots()).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/stats/booking-feeds')).body).toEqual({ hosts: [] });
    expect((await app.knex('booking_hosts').where({ userId: hostId }).first()).feedAlertedAt).toBeNull();

    // The next failure is a new one: one more alert.
    feedMode = 'garbage';
    await refreshAllFeeds(app.knex);
    expect(await feedAlerts()).toHaveLength(2);
  });

  it('is stale an hour after its last reading: no slot, the warning and one alert, until it is read again', async () => {
    await makeHost();
    await app
      .knex('booking_hosts')
      .where({ userId: hostId })
      .update({ feedReadAt: new Date(Date.now() - 61 * 60_000) });
    expect(await allSlots()).toBe(0);
    const availability = await admin.get(`/api/admin/hosts/${hostId}/availability`);
    expect(availability.body.feed.status).toBe('stale');
    expect((await admin.get('/api/admin/stats/booking-feeds')).body.hosts.map((host: { userId: number }) => host.userId)).toEqual([hostId]);

    expect(await alertUnreadFeeds(app.knex)).toEqual([hostId]);
    expect(await alertUnreadFeeds(app.knex)).toEqual([]);
    const alerts = await feedAlerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0].data.status).toBe('stale');

    const refreshed = await admin.post(`/api/admin/hosts/${hostId}/feed/refresh`, {});
    expect(refreshed.body.status).toBe('ok');
    expect(await allSlots()).toBeGreaterThan(0);
  });

  it('answers 409 in French when there is no address to read', async () => {
    await makeHost(null);
    const response = await admin.post(`/api/admin/hosts/${hostId}/feed/refresh`, {});
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Aucune adresse de calendrier n’est enregistrée pour cette personne.');
  });
});

describe('the host’s own subscription feed', () => {
  it('lists the host’s live bookings at once, and its old address answers 404 after renewal', async () => {
    await makeHost(null);
    const { calendarUrl } = (await admin.get(`/api/admin/hosts/${hostId}/availability`)).body as { calendarUrl: string };
    const feedPath = new URL(calendarUrl, app.url).pathname;

    const empty = await app.client().get(feedPath);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(empty.text).toContain('BEGIN:VCALENDAR');
    expect(empty.text).not.toContain('BEGIN:VEVENT');

    const byDay = await slotsByDay(addDays(today, 1), 3);
    const date = [...byDay.keys()].find((key) => (byDay.get(key) ?? []).length > 0)!;
    const start = (await app.client().get('/api/bookings/slots', { query: { from: date, days: 1 } })).body.days[0].slots[0].start as string;
    const booked = await app.client().post('/api/bookings', { start, firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', phone: '+41 79 123 45 67', message: 'Le stress' });
    expect(booked.status).toBe(201);
    const booking = await app.knex('bookings').first();

    const listed = await app.client().get(feedPath);
    expect(listed.status).toBe(200);
    const unfolded = listed.text.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`UID:${booking.uid}`);
    expect(unfolded).toContain('SUMMARY:Appel découverte : Léa Favre');
    expect(unfolded).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(unfolded).toContain('https://meet.example.ch/helene');
    expect(listed.headers.get('cache-control')).toBe('private, max-age=60');

    // Cancelled: gone from the next reading.
    await app.knex('bookings').update({ status: 'cancelled', cancelledAt: new Date() });
    expect((await app.client().get(feedPath)).text).not.toContain('BEGIN:VEVENT');

    const renewed = await admin.post(`/api/admin/hosts/${hostId}/calendar-token`, {});
    expect(renewed.status).toBe(200);
    expect(renewed.body.calendarUrl).not.toBe(calendarUrl);
    const old = await app.client().get(feedPath);
    expect(old.status).toBe(404);
    expect(old.body.message).toBe('Ce calendrier n’existe pas ou son adresse a été renouvelée.');
    expect((await app.client().get(new URL(renewed.body.calendarUrl, app.url).pathname)).status).toBe(200);
    expect((await app.client().get('/api/calendar/inconnu.ics')).status).toBe(404);
  });
});
