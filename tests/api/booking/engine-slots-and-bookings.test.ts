// Booking the discovery call through the API: the free starts, what a booking records, the 409 of a start taken, idempotent retries, 200 concurrent attempts.
import { describe, expect, it } from 'vitest';
import { app, firstSlots, hostId, person, setUpBookingApp } from './app-setup.ts';

setUpBookingApp();

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
