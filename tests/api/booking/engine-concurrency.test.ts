// The booking rules held under concurrent writes: the daily cap across starts, and the database refusing overlapping live bookings.
import { describe, expect, it } from 'vitest';
import { app, hostId, person, setUpBookingApp } from './app-setup.ts';

setUpBookingApp();

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
