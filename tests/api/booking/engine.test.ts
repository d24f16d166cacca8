/**
 * Booking the discovery call through the API: the free starts, a booking and what it records (the
 * contact by the public submissions' rules, the activity in the host's tasks, the notice version), the
 * 409 of a start no longer free, idempotent retries, and 200 concurrent attempts on one slot.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { resetBookings, signInHost } from './fixture.ts';

let app: TestApp;
let hostId: number;

beforeAll(async () => {
  app = await startTestApp();
  hostId = await signInHost(app);
});
afterAll(() => app.close());

beforeEach(() => resetBookings(app, hostId));

async function firstSlots(count = 2): Promise<string[]> {
  const response = await app.client().get('/api/bookings/slots', { query: { days: 3 } });
  expect(response.status).toBe(200);
  return (response.body.days as Array<{ slots: Array<{ start: string }> }>).flatMap((day) => day.slots.map((slot) => slot.start)).slice(0, count);
}

const person = { firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', phone: '+41 79 123 45 67', message: 'Le stress au travail' };

describe('GET /api/bookings/slots', () => {
  it('lists every day asked in Swiss time, days without slots included, and none before the notice', async () => {
    const response = await app.client().get('/api/bookings/slots', { query: { days: 3 } });
    expect(response.status).toBe(200);
    expect(response.body.timeZone).toBe('Europe/Zurich');
    expect(response.body.days).toHaveLength(3);
    const starts = response.body.days.flatMap((day: { slots: Array<{ start: string }> }) => day.slots.map((slot) => Date.parse(slot.start)));
    expect(starts.length).toBeGreaterThan(40);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(Date.now() + 59 * 60_000);
  });

  it('offers nothing when nobody is a host, and answers 400 in French for a bad date', async () => {
    await app.knex('booking_hosts').update({ isHost: false });
    const none = await app.client().get('/api/bookings/slots', { query: { days: 2 } });
    expect(none.body.days.every((day: { slots: unknown[] }) => day.slots.length === 0)).toBe(true);
    const bad = await app.client().get('/api/bookings/slots', { query: { from: '2027-02-30' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe('La date de début doit être une date valide (AAAA-MM-JJ).');
  });
});

describe('POST /api/bookings', () => {
  it('books the start, records the contact, the planned meeting in the host’s tasks and the notice shown', async () => {
    const [start] = await firstSlots(1);
    const response = await app.client().post('/api/bookings', { start, ...person });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ status: 'confirmed', start, end: new Date(Date.parse(start!) + 30 * 60_000).toISOString() });

    const lead = await app.knex('leads').where({ email: 'lea@example.ch' }).first();
    expect(lead).toMatchObject({ firstName: 'Léa', lastName: 'Favre', phone: '+41 79 123 45 67' });
    const booking = await app.knex('bookings').where({ leadId: lead.id }).first();
    expect(booking).toMatchObject({ hostId, status: 'confirmed', mode: 'video', videoUrl: 'https://meet.example.ch/helene', message: 'Le stress au travail' });
    expect(new Date(booking.startAt).toISOString()).toBe(start);
    const activity = await app.knex('activities').where({ id: booking.activityId }).first();
    expect(activity).toMatchObject({ type: 'meeting', status: 'planned', title: 'Appel découverte', assignedTo: hostId, description: 'Le stress au travail' });
    expect(new Date(activity.dueDate).toISOString()).toBe(start);
    const proof = await app.knex('consentProofs').where({ leadId: lead.id }).first();
    expect(proof).toMatchObject({ kind: 'notice_shown', form: 'booking' });

    // The blocked range holds the 10 minutes after the call.
    const blocked = await app.knex.raw('select upper(blocked) as until from bookings where id = ?', [booking.id]);
    expect(new Date(blocked.rows[0].until).toISOString()).toBe(new Date(Date.parse(start!) + 40 * 60_000).toISOString());

    // The start is no longer offered.
    const after = await firstSlots(60);
    expect(after).not.toContain(start);
  });

  it('never overwrites a known contact: empty fields are filled and what differs is noted on the call', async () => {
    await app.knex('leads').insert({ firstName: 'Léa', lastName: '', email: 'LEA@example.ch', phone: '+41 22 000 00 00', type: 'contact', source: 'referral' });
    const [start] = await firstSlots(1);
    const response = await app.client().post('/api/bookings', { start, ...person, firstName: 'Léane' });
    expect(response.status).toBe(201);
    const leads = await app.knex('leads').whereRaw('lower(email) = ?', ['lea@example.ch']);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ firstName: 'Léa', lastName: 'Favre', phone: '+41 22 000 00 00', source: 'referral' });
    const activity = await app.knex('activities').where({ leadId: leads[0].id, type: 'meeting' }).first();
    expect(activity.description).toBe('Le stress au travail\n\nPrénom indiqué : Léane\nTéléphone indiqué : +41 79 123 45 67');
  });

  it('answers 409 in French with the next free starts for a start just taken, off the schedule or too soon', async () => {
    const [start] = await firstSlots(1);
    expect((await app.client().post('/api/bookings', { start, ...person })).status).toBe(201);
    // The call and its 10 minutes after it hold the next start too: the next free one comes later.
    const [next] = await firstSlots(1);

    const taken = await app.client().post('/api/bookings', { start, ...person, email: 'autre@example.ch' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("Ce créneau n'est plus disponible.");
    expect(taken.body.slots[0]).toEqual({ start: next });
    expect(taken.body.slots).toHaveLength(6);

    const offStep = new Date(Date.parse(next!) + 7 * 60_000).toISOString();
    expect((await app.client().post('/api/bookings', { start: offStep, ...person })).status).toBe(409);
    const tooSoon = new Date(Date.now() + 5 * 60_000).toISOString();
    expect((await app.client().post('/api/bookings', { start: tooSoon, ...person })).status).toBe(409);
    // Nothing of the refused attempts was recorded.
    expect(await app.knex('leads').where({ email: 'autre@example.ch' })).toHaveLength(0);
    expect(await app.knex('bookings')).toHaveLength(1);
  });

  it('checks the fields in French and answers a robot like a person without recording anything', async () => {
    const invalid = await app.client().post('/api/bookings', { firstName: '', email: 'pas-un-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((error: { path: string }) => error.path)).toEqual(expect.arrayContaining(['start', 'firstName', 'email']));
    expect(invalid.body.errors.find((error: { path: string }) => error.path === 'start').message).toBe('Choisissez un créneau.');

    const [start] = await firstSlots(1);
    const robot = await app.client().post('/api/bookings', { start, ...person, website: 'https://spam.example' });
    expect(robot.status).toBe(201);
    expect(robot.body.status).toBe('confirmed');
    expect(await app.knex('bookings')).toHaveLength(0);
    expect(await app.knex('leads')).toHaveLength(0);
  });

  it('requires the phone number when the team calls', async () => {
    await app.knex('booking_settings').update({ mode: 'phone' });
    const [start] = await firstSlots(1);
    const { phone: _phone, ...withoutPhone } = person;
    const response = await app.client().post('/api/bookings', { start, ...withoutPhone });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(['phone']);
    expect((await app.client().post('/api/bookings', { start, ...person })).status).toBe(201);
    expect(await app.knex('bookings').first()).toMatchObject({ mode: 'phone', videoUrl: null, phone: '+41 79 123 45 67' });
  });

  it('replays the first answer for a retry with the same Idempotency-Key', async () => {
    const [start] = await firstSlots(1);
    const headers = { 'idempotency-key': 'rdv-retry-0001' };
    const first = await app.client().post('/api/bookings', { start, ...person }, { headers });
    const retry = await app.client().post('/api/bookings', { start, ...person }, { headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await app.knex('bookings')).toHaveLength(1);
    const other = await app.client().post('/api/bookings', { start, ...person, firstName: 'Autre' }, { headers });
    expect(other.status).toBe(422);
  });

  it('gives one booking and 199 × 409 for 200 concurrent attempts on one slot', async () => {
    const [start] = await firstSlots(1);
    const attempts = await Promise.all(Array.from({ length: 200 }, (_, index) => app.client().post('/api/bookings', { start, ...person, email: `personne${index}@example.ch` })));
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    expect(await app.knex('bookings')).toHaveLength(1);
    // Refused attempts leave no contact behind.
    expect(await app.knex('leads')).toHaveLength(1);
  }, 120_000);
});

describe('concurrency beyond overlaps', () => {
  it('holds the daily cap when people book different starts of one day at the same instant', async () => {
    await app.knex('booking_settings').update({ dailyCapPerHost: 1 });
    const response = await app.client().get('/api/bookings/slots', { query: { days: 3 } });
    // The first day with at least 20 starts, apart enough not to overlap (every other start).
    const day = (response.body.days as Array<{ slots: Array<{ start: string }> }>).find((candidate) => candidate.slots.length >= 40)!;
    const starts = day.slots
      .filter((_, index) => index % 2 === 0)
      .slice(0, 20)
      .map((slot) => slot.start);
    const attempts = await Promise.all(starts.map((start, index) => app.client().post('/api/bookings', { start, ...person, email: `cap${index}@example.ch` })));
    expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(1);
    expect(attempts.filter((attempt) => attempt.status === 409)).toHaveLength(19);
    expect(await app.knex('bookings')).toHaveLength(1);
  }, 60_000);

  // PGlite runs one transaction at a time; on PostgreSQL the check waits for the host rows' lock.
  if (process.env.TEST_DB === 'pg') {
    it('re-checks a start only once the booking holding the host has committed', async () => {
      await app.knex('booking_settings').update({ dailyCapPerHost: 1 });
      // Two starts of one Swiss day (the day after tomorrow is whole, whatever the time of the run).
      const dayAfterTomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(Date.now() + 2 * 86_400_000);
      const slots = await app.client().get('/api/bookings/slots', { query: { from: dayAfterTomorrow, days: 1 } });
      const [first, , third] = (slots.body.days[0].slots as Array<{ start: string }>).map((slot) => slot.start);
      const [lead] = await app.knex('leads').insert({ firstName: 'Déjà', email: 'deja@example.ch' }).returning('id');
      const holder = await app.knex.transaction();
      try {
        await holder('booking_hosts').where({ userId: hostId }).forUpdate().select('userId');
        const pending = app.client().post('/api/bookings', { start: third, ...person });
        // The request's check now waits on the host's row.
        await expect
          .poll(
            async () =>
              (await app.knex.raw(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%booking_hosts%'`)).rows[0].n,
            { timeout: 10_000 },
          )
          .toBe(1);
        // Meanwhile the day's one call is booked, by the transaction holding the host.
        await holder('bookings').insert({
          uid: 'tenant-du-verrou',
          leadId: lead.id,
          hostId,
          startAt: first,
          endAt: new Date(Date.parse(first!) + 30 * 60_000).toISOString(),
          blocked: app.knex.raw('tstzrange(?, ?)', [first, new Date(Date.parse(first!) + 40 * 60_000).toISOString()]),
          mode: 'video',
        });
        await holder.commit();
        const answer = await pending;
        // Same Swiss day, cap 1: the waiting request saw the committed call.
        expect(answer.status).toBe(409);
      } finally {
        if (!holder.isCompleted()) await holder.rollback();
      }
    }, 30_000);
  }
});

describe('the database', () => {
  it('refuses two live bookings of one host whose blocked ranges overlap, whatever wrote them', async () => {
    const [lead] = await app.knex('leads').insert({ firstName: 'A', email: 'a@example.ch' }).returning('id');
    const row = (start: string, end: string, uid: string) => ({
      uid,
      leadId: lead.id,
      hostId,
      startAt: start,
      endAt: end,
      blocked: app.knex.raw('tstzrange(?, ?)', [start, end]),
      mode: 'video',
    });
    await app.knex('bookings').insert(row('2027-03-29T07:00:00Z', '2027-03-29T07:40:00Z', 'a'));
    await expect(app.knex('bookings').insert(row('2027-03-29T07:30:00Z', '2027-03-29T08:10:00Z', 'b'))).rejects.toMatchObject({ code: '23P01' });
    // Touching ranges do not overlap; a cancelled booking frees its range.
    await app.knex('bookings').insert(row('2027-03-29T07:40:00Z', '2027-03-29T08:20:00Z', 'c'));
    await app.knex('bookings').where({ uid: 'a' }).update({ status: 'cancelled' });
    await app.knex('bookings').insert(row('2027-03-29T07:00:00Z', '2027-03-29T07:40:00Z', 'd'));
  });
});

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
 * tests/unit/booking-availability.test.ts checks both of 2027 with a fixed "now".
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
