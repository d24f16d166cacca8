// The free starts kept computed between visits (decision 126) are never stale: bookings, settings, schedules and the notice period show at the next visit.
import { describe, expect, it } from 'vitest';
import { app, hostId, person, setUpBookingApp } from './app-setup.ts';
import { inputValue, page, slotsFromApi, starts } from './pages-support.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { freeStarts } from '../../../api/features/booking/engine/free-starts.ts';
import { swissDay } from '../../../api/platform/lib/swiss-day.ts';

setUpBookingApp({ SITE_DIST_DIR: writeSiteFixture() });

describe('the free starts kept computed between visits (decision 126)', () => {
  const offeredNow = async () => starts((await page()).text);

  it('no longer offers a start once it is booked, and offers it again once the booking is cancelled elsewhere', async () => {
    const before = await offeredNow();
    const start = before[2]!;
    expect(before).toContain(start);
    expect(await offeredNow()).toEqual(before); // kept: the same page twice
    // Compressed from its kept parts, with a key of its own at each visit (api/platform/http/spliced-gzip.ts).
    const visits = await Promise.all([1, 2].map(() => app.client().get('/rendez-vous/', { headers: { 'accept-encoding': 'gzip' } })));
    expect(visits.map((visit) => visit.headers.get('content-encoding'))).toEqual(['gzip', 'gzip']);
    expect(visits.map((visit) => starts(visit.text))).toEqual([before, before]);
    const keys = visits.map((visit) => inputValue(visit.text, 'idempotencyKey'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);

    const booked = await app.client().post('/api/bookings', { start, ...person });
    expect(booked.status).toBe(201);
    expect(await offeredNow()).not.toContain(start);
    expect((await slotsFromApi(14)).flatMap((day) => day.slots.map((slot) => slot.start))).not.toContain(start);

    // Cancelled by another instance on the same database (no request through this one).
    await app.knex('bookings').update({ status: 'cancelled' });
    expect(await offeredNow()).toContain(start);
  });

  it('shows a settings change made through the settings screen at the next visit', async () => {
    const admin = await app.signIn();
    const before = await offeredNow();
    expect(before.some((start) => new Date(start).getUTCMinutes() === 30)).toBe(true);
    const settings = (await admin.get('/api/admin/booking-settings')).body;
    expect((await admin.request('PUT', '/api/admin/booking-settings', { json: { ...settings, slotStepMinutes: 60 } })).status).toBe(200);
    const after = await offeredNow();
    expect(after.length).toBeGreaterThan(0);
    // Every start now on the hour (the host's ranges start on the hour, Swiss time is a whole-hour offset).
    expect(after.filter((start) => new Date(start).getUTCMinutes() !== 0)).toEqual([]);
    expect((await admin.request('PUT', '/api/admin/booking-settings', { json: settings })).status).toBe(200);
    expect(await offeredNow()).toEqual(before);
  });

  it('shows a host schedule or a feed reading written by another instance at the next visit', async () => {
    const before = await offeredNow();
    const tomorrow = (await slotsFromApi(3))[1]!;
    expect(tomorrow.slots.length).toBeGreaterThan(0);
    await app
      .knex('booking_hosts')
      .where({ userId: hostId })
      .update({ overrides: JSON.stringify([{ date: tomorrow.date, ranges: [] }]) });
    const closed = await offeredNow();
    expect(closed.filter((start) => tomorrow.slots.some((slot) => slot.start === start))).toEqual([]);
    expect(closed.length).toBeLessThan(before.length);

    // A feed read as busy over the first start offered now.
    const first = closed[0]!;
    await app
      .knex('booking_hosts')
      .where({ userId: hostId })
      .update({
        feedUrl: 'https://calendar.example.ch/helene.ics',
        feedStatus: 'ok',
        feedReadAt: new Date(),
        feedBusy: JSON.stringify([[Date.parse(first), Date.parse(first) + 60_000]]),
      });
    expect(await offeredNow()).not.toContain(first);
  });

  it('drops a start once it is within the notice period, with nothing changed in the database', async () => {
    const now = new Date();
    const range = { from: swissDay(now), days: 14 };
    const first = (await freeStarts(app.knex, now, range)).slots.days.flatMap((day) => day.slots)[0]!.start;
    const notice = (await app.knex('booking_settings').where({ id: 1 }).first('minimumNoticeMinutes')).minimumNoticeMinutes as number;
    // The very instant the start comes within the notice: no longer offered.
    const later = new Date(Date.parse(first) - notice * 60_000 + 1);
    const offered = (await freeStarts(app.knex, later, { from: swissDay(later), days: 14 })).slots.days.flatMap((day) => day.slots.map((slot) => slot.start));
    expect(offered).not.toContain(first);
    expect(offered.length).toBeGreaterThan(0);
  });
});
