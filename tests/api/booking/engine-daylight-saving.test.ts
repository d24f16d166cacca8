// The free starts and booked calls keep their Swiss time across the coming daylight-saving changes.
import { beforeEach, describe, expect, it } from 'vitest';
import { app, person, setUpBookingApp } from './app-setup.ts';

setUpBookingApp();

/** A UTC calendar day `days` after `date` (both `yyyy-mm-dd`). */
function dayAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last Sunday of `month` (1–12) of `year`, when Switzerland changes its clocks (March, October). */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  return dayAfter(last.toISOString().slice(0, 10), -last.getUTCDay());
}

/**
 * The next change of each kind whose whole Friday before is still to come, within the year-long horizon
 * (Friday to Monday around it): a booking test can only look at days to come, so the days are chosen from
 * today rather than written down (a test that named 2027's changes would fail from their week on). In the
 * few days a year when one kind's next change is more than a year away, only the other is looked at;
 * tests/unit/booking-availability-slots.test.ts checks both of 2027 with a fixed "now".
 */
function nextChanges(): Array<{ kind: 'spring' | 'autumn'; friday: string; monday: string; before: number; after: number }> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(Date.now());
  const lastDay = dayAfter(today, 364);
  const year = Number(today.slice(0, 4));
  const changes = [];
  for (const [kind, month, before, after] of [
    ['spring', 3, 1, 2],
    ['autumn', 10, 2, 1],
  ] as const) {
    const sunday = [year, year + 1].map((candidate) => lastSunday(candidate, month)).find((date) => dayAfter(date, -2) > today)!;
    const change = { kind, friday: dayAfter(sunday, -2), monday: dayAfter(sunday, 1), before, after };
    if (change.monday <= lastDay) changes.push(change);
  }
  return changes.sort((a, b) => a.friday.localeCompare(b.friday));
}

/** The instant of `hour`:00 on `date` at a UTC offset of `offset` hours. */
const at = (date: string, hour: number, offset: number) => new Date(Date.parse(`${date}T00:00:00Z`) + (hour - offset) * 3_600_000).toISOString();

describe('daylight saving', () => {
  const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

  beforeEach(async () => {
    await app.knex('booking_settings').update({ horizonDays: 365 });
    await app.knex('booking_hosts').update({ weekly: JSON.stringify(MONDAY_TO_FRIDAY) });
  });

  async function days(from: string, count: number) {
    const response = await app.client().get('/api/bookings/slots', { query: { from, days: count } });
    expect(response.status).toBe(200);
    return response.body.days as Array<{ date: string; slots: Array<{ start: string }> }>;
  }

  it('gives 16 thirty-minute slots each side of the coming changes, the first at 09:00 Swiss time', async () => {
    const changes = nextChanges();
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      const around = await days(change.friday, 4);
      expect(around.map((day) => [day.date, day.slots.length])).toEqual([
        [change.friday, 16],
        [dayAfter(change.friday, 1), 0],
        [dayAfter(change.friday, 2), 0],
        [change.monday, 16],
      ]);
      expect(around[0]!.slots[0]!.start).toBe(at(change.friday, 9, change.before));
      expect(around[0]!.slots.at(-1)!.start).toBe(at(change.friday, 16.5, change.before));
      expect(around[3]!.slots[0]!.start).toBe(at(change.monday, 9, change.after));
      expect(around[3]!.slots.at(-1)!.start).toBe(at(change.monday, 16.5, change.after));
    }
  });

  it('keeps the Swiss time of a call booked now for a date after the change', async () => {
    const [change] = nextChanges();
    const nine = at(change!.monday, 9, change!.after);
    const response = await app.client().post('/api/bookings', { start: nine, ...person });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ start: nine, end: at(change!.monday, 9.5, change!.after) });
    const booking = await app.knex('bookings').first();
    const swiss = new Intl.DateTimeFormat('fr-CH', { timeZone: 'Europe/Zurich', weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(booking.startAt));
    expect(swiss).toBe('lundi 09:00');
    const monday = (await days(change!.monday, 1))[0]!;
    // 09:00 is taken and 09:30 falls in its 10 minutes after: the day starts at 10:00 Swiss time.
    expect(monday.slots[0]!.start).toBe(at(change!.monday, 10, change!.after));
    expect(monday.slots).toHaveLength(14);
    // A start the schedule does not have (08:00 Swiss, which is 09:00 at the offset before the spring change) is refused.
    expect((await app.client().post('/api/bookings', { start: at(change!.monday, 8, change!.after), ...person })).status).toBe(409);
  });
});
