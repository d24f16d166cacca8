/** The host's calendar feed (its busy times remove the right slots, fail closed with one alert, stale after an hour) and the host's own renewable subscription feed. */
import { describe, expect, it } from 'vitest';
import { alertUnreadFeeds, refreshAllFeeds } from '../../../api/features/booking/index.ts';
import {
  setUpCalendarsTests,
  swissTimeOf,
  addDays,
  today,
  monday,
  swissTimeFrom,
  answerFeedsWith,
  feedRequests,
  app,
  admin,
  viewer,
  hostId,
  slotsByDay,
  allSlots,
  makeHost,
  feedAlerts,
} from './calendars-support.ts';

setUpCalendarsTests();

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
    answerFeedsWith('redirect');
    const saved = await makeHost();
    expect(saved.body.feed.status).toBe('ok');
    expect(feedRequests).toHaveLength(2);
    expect(feedRequests.every((request) => request.cookie === undefined)).toBe(true);
  });

  it('fails closed with one alert e-mail and a dashboard alert, a second failure alerts nobody again, and a reading clears it', async () => {
    await makeHost();
    expect(await allSlots()).toBeGreaterThan(0);

    answerFeedsWith('error');
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
    answerFeedsWith('garbage');
    const garbage = await admin.post(`/api/admin/hosts/${hostId}/feed/refresh`, {});
    expect(garbage.body.status).toBe('failed');
    expect(garbage.body.error).toMatch(/^Le calendrier ne peut pas être lu : /);
    expect(garbage.body.error).not.toBe(failed.body.error);
    await refreshAllFeeds(app.knex);
    expect(await feedAlerts()).toHaveLength(1);
    expect(await allSlots()).toBe(0);

    // Read again by the job: slots are back, the warning is gone.
    answerFeedsWith('ics');
    await refreshAllFeeds(app.knex);
    expect((await admin.get(`/api/admin/hosts/${hostId}/availability`)).body.feed.status).toBe('ok');
    expect(await allSlots()).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/stats/booking-feeds')).body).toEqual({ hosts: [] });
    expect((await app.knex('booking_hosts').where({ userId: hostId }).first()).feedAlertedAt).toBeNull();

    // The next failure is a new one: one more alert.
    answerFeedsWith('garbage');
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
