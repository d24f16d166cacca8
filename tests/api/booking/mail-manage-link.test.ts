/** The manage link of a booking e-mail: opening it changes nothing, its POSTs move or cancel the same booking (same UID, higher SEQUENCE), and an old link shows the booking as it is now. */
import { describe, expect, it } from 'vitest';
import { manageToken } from '../../../api/features/booking/manage/links.ts';
import { setUpBookingMailTests, app, hostId, HOST, PERSON, ALL_WEEK, freeStarts, startIn, book, mailTo, calendarOf, manageLinkIn, swiss, swissOnPage, postForm } from './mail-support.ts';

setUpBookingMailTests();

describe('the manage link', () => {
  it('opening it changes nothing; a wrong token is refused with 404 and shows nothing', async () => {
    const start = await startIn(30);
    const booking = await book(start);
    const link = manageLinkIn(await mailTo(PERSON, /confirmé/));
    const emailsBefore = await app.knex('emails').where({ bookingId: booking.id });

    const shown = await app.client().get('/api/bookings/manage', { query: Object.fromEntries(link.searchParams) });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ booking: { id: booking.id, start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString(), status: 'confirmed', mode: 'video' } });
    const page = await app.client().get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(`<dd data-booking-field="when">`);
    expect(page.text).toContain(swissOnPage(start));
    expect(page.text).toContain('<div data-booking-state="actions" class="mt-10 flex">');
    expect(page.text).toContain('<dl data-booking-state="found" class="mt-8 grid">');
    expect(page.text).toMatch(/<div hidden data-booking-state="invalid"/);
    expect(page.text).toContain(`href="/rendez-vous/?booking=${booking.id}&amp;token=${link.searchParams.get('token')}"`);
    expect(page.text).toContain(`value="${link.searchParams.get('token')}"`);

    expect(await app.knex('bookings').where({ id: booking.id }).first()).toMatchObject({ status: 'confirmed', sequence: 0 });
    expect(await app.knex('emails').where({ bookingId: booking.id })).toHaveLength(emailsBefore.length);

    const wrong = manageToken(app.config.sessionSecret, booking.id + 1);
    expect((await app.client().get('/api/bookings/manage', { query: { booking: booking.id, token: wrong } })).status).toBe(404);
    expect((await app.client().post('/api/bookings/cancel', { booking: booking.id, token: wrong })).status).toBe(404);
    expect((await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: wrong, start })).status).toBe(404);
    const badPage = await app.client().get(`/rendez-vous/gerer/?booking=${booking.id}&token=${wrong}`);
    expect(badPage.text).toMatch(/<div data-booking-state="invalid"/);
    expect(badPage.text).not.toContain(swissOnPage(start));
    expect(await app.knex('bookings').where({ id: booking.id }).first()).toMatchObject({ status: 'confirmed' });
  });

  it('moves the same booking twice (same UID, rising SEQUENCE, updates to both); the first e-mail’s link shows it as it is now', async () => {
    const first = await startIn(30);
    const booking = await book(first);
    const confirmation = await mailTo(PERSON, /confirmé/);
    const link = manageLinkIn(confirmation);
    const credentials = { booking: Number(link.searchParams.get('booking')), token: link.searchParams.get('token')! };
    const uid = calendarOf(confirmation).uid;

    const starts = (await freeStarts()).filter((start) => Date.parse(start) > Date.parse(first) + 3 * 3600_000);
    const second = starts[0]!;
    const third = starts[4]!;
    const moved = await app.client().post('/api/bookings/reschedule', { ...credentials, start: second });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(`Votre rendez-vous est déplacé au ${moved.body.message.match(/au (.*)\. Vous/)[1]}. Vous recevez la confirmation par e-mail.`);
    expect(moved.body.message).toContain('(heure suisse)');
    expect(moved.body.booking).toMatchObject({ id: booking.id, start: second, status: 'confirmed' });

    const update = await mailTo(PERSON, /déplacé/);
    expect(calendarOf(update)).toMatchObject({ method: 'REQUEST', uid, sequence: 1, start: second, organizer: `mailto:${HOST}`, attendee: `mailto:${PERSON}` });
    expect(update.parsed.text).toContain(swiss(second));
    const hostUpdate = await mailTo(HOST, /déplacé/);
    expect(calendarOf(hostUpdate)).toMatchObject({ uid, sequence: 1, start: second });

    // The form without JavaScript: 303 back to the manage page with the signed message.
    const form = await postForm('/api/bookings/reschedule', { booking: String(credentials.booking), token: credentials.token, start: third });
    expect(form.status).toBe(303);
    const location = new URL(form.headers.get('location')!, app.url);
    expect(location.pathname).toBe('/rendez-vous/gerer/');
    expect(location.searchParams.get('booking')).toBe(String(booking.id));
    const result = await app.client().get(`${location.pathname}${location.search}`);
    expect(result.text).toContain('Votre rendez-vous est déplacé au');
    expect(result.text).toContain(swissOnPage(third));

    const secondUpdate = await mailTo(PERSON, /déplacé/, 2);
    expect(calendarOf(secondUpdate)).toMatchObject({ uid, sequence: 2, start: third });

    const row = await app.knex('bookings').where({ id: booking.id }).first();
    expect(row).toMatchObject({ uid, sequence: 2, status: 'confirmed' });
    expect(new Date(row.startAt).toISOString()).toBe(third);
    expect(await app.knex('bookings')).toHaveLength(1);
    const activity = await app.knex('activities').where({ id: row.activityId }).first();
    expect(new Date(activity.scheduledAt).toISOString()).toBe(third);
    expect(new Date(activity.dueDate).toISOString()).toBe(third);
    // The reminders follow the call.
    const reminders = await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_reminder', status: 'queued' }).orderBy('sendAfter');
    expect(reminders.map((reminder) => new Date(reminder.sendAfter).toISOString())).toEqual([
      new Date(Date.parse(third) - 1440 * 60_000).toISOString(),
      new Date(Date.parse(third) - 60 * 60_000).toISOString(),
    ]);

    // The first e-mail's link, after two moves: the booking as it is now.
    const shown = await app.client().get('/api/bookings/manage', { query: Object.fromEntries(link.searchParams) });
    expect(shown.body.booking).toMatchObject({ id: booking.id, start: third, status: 'confirmed' });
    const page = await app.client().get(`${link.pathname}${link.search}`);
    expect(page.text).toContain(swissOnPage(third));
    // The old start is free again.
    expect(await freeStarts()).toContain(first);
  });

  it('answers 409 with the next free starts for a start another booking holds, and changes nothing', async () => {
    const booking = await book(await startIn(30));
    const taken = await startIn(50);
    await book(taken, { email: 'marc@example.ch' });
    const link = manageLinkIn(await mailTo(PERSON, /confirmé/));
    const refused = await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: link.searchParams.get('token'), start: taken });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Ce créneau n'est plus disponible.");
    expect(refused.body.slots.length).toBeGreaterThan(0);
    expect(await app.knex('bookings').where({ id: booking.id }).first()).toMatchObject({ sequence: 0 });
    expect(await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_update' })).toHaveLength(0);
  });

  it('cancels with a METHOD:CANCEL to both, frees the slot, cancels the activity; twice changes nothing', async () => {
    const start = await startIn(30);
    const booking = await book(start);
    const confirmation = await mailTo(PERSON, /confirmé/);
    const link = manageLinkIn(confirmation);
    expect(await freeStarts()).not.toContain(start);

    const form = await postForm('/api/bookings/cancel', { booking: link.searchParams.get('booking')!, token: link.searchParams.get('token')! });
    expect(form.status).toBe(303);
    const location = new URL(form.headers.get('location')!, app.url);
    const result = await app.client().get(`${location.pathname}${location.search}`);
    expect(result.text).toContain('Votre rendez-vous est annulé.');
    expect(result.text).toMatch(/<span data-booking-state="cancelled">/);
    expect(result.text).toContain('<div data-booking-state="actions" hidden class="mt-10 flex">');
    expect(result.text).toContain('<div data-booking-state="rebook" class="mt-10">');

    const told = await mailTo(PERSON, /annulé/);
    const removed = calendarOf(told);
    expect(removed).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: booking.uid, start, organizer: `mailto:${HOST}`, attendee: `mailto:${PERSON}` });
    expect(removed.sequence).toBeGreaterThan(calendarOf(confirmation).sequence);
    expect(calendarOf(await mailTo(HOST, /annulé/))).toMatchObject({ method: 'CANCEL', uid: booking.uid, organizer: 'mailto:ne-pas-repondre@clairval.ch', attendee: `mailto:${HOST}` });

    const row = await app.knex('bookings').where({ id: booking.id }).first();
    expect(row.status).toBe('cancelled');
    expect(row.cancelledAt).not.toBeNull();
    expect(await app.knex('activities').where({ id: row.activityId }).first()).toMatchObject({ status: 'cancelled' });
    expect(await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_reminder', status: 'queued' })).toHaveLength(0);
    expect(await freeStarts()).toContain(start);

    const again = await app.client().post('/api/bookings/cancel', { booking: booking.id, token: link.searchParams.get('token') });
    expect(again.body).toMatchObject({ status: 'cancelled', message: 'Ce rendez-vous était déjà annulé.' });
    expect(await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_cancelled' })).toHaveLength(2);
    const moved = await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: link.searchParams.get('token'), start: await startIn(40) });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe('Ce rendez-vous a été annulé.');
  });

  it('moves a call into its own buffer (30 minutes later): its own time does not block it', async () => {
    const start = await startIn(30);
    const booking = await book(start);
    const later = new Date(Date.parse(start) + 30 * 60_000).toISOString();
    const moved = await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: manageToken(app.config.sessionSecret, booking.id), start: later });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ id: booking.id, start: later });
  });

  it('gives the call to another free host when its host is busy at the new time: the former host’s calendar loses it', async () => {
    await app.signIn({ email: 'second@example.ch', firstName: 'Sami', lastName: 'Second' });
    const secondId = (await app.knex('users').where({ email: 'second@example.ch' }).first()).id;
    await app
      .knex('booking_hosts')
      .insert({ userId: secondId, isHost: true, weekly: JSON.stringify(ALL_WEEK), overrides: '[]', videoUrl: 'https://meet.example.ch/sami', calendarToken: `token-${secondId}` });
    const first = await startIn(30);
    const booking = await book(first);
    const target = await startIn(50);
    // Its host is busy then (their own calendar); the other host is free.
    await app
      .knex('booking_hosts')
      .where({ userId: booking.hostId })
      .update({ feedBusy: JSON.stringify([[Date.parse(target) - 3600_000, Date.parse(target) + 3600_000]]) });
    const other = { hostId: booking.hostId === hostId ? secondId : hostId };
    const moved = await app.client().post('/api/bookings/reschedule', { booking: booking.id, token: manageToken(app.config.sessionSecret, booking.id), start: target });
    expect(moved.status).toBe(200);
    const row = await app.knex('bookings').where({ id: booking.id }).first();
    expect(row).toMatchObject({ hostId: other.hostId, sequence: 1, uid: booking.uid });
    const formerEmail = booking.hostId === hostId ? HOST : 'second@example.ch';
    const newEmail = formerEmail === HOST ? 'second@example.ch' : HOST;
    expect(row.videoUrl).toBe(newEmail === HOST ? 'https://meet.example.ch/helene' : 'https://meet.example.ch/sami');
    expect((await app.knex('activities').where({ id: row.activityId }).first()).assignedTo).toBe(other.hostId);
    const removed = calendarOf(await mailTo(formerEmail, /annulé/));
    expect(removed).toMatchObject({ method: 'CANCEL', uid: booking.uid, start: first });
    const added = calendarOf(await mailTo(newEmail, /Nouvel appel découverte : Léa/));
    expect(added).toMatchObject({ method: 'REQUEST', uid: booking.uid, sequence: 1, start: target, organizer: 'mailto:ne-pas-repondre@clairval.ch', attendee: `mailto:${newEmail}` });
    const update = calendarOf(await mailTo(PERSON, /déplacé/));
    expect(update).toMatchObject({ uid: booking.uid, sequence: 1, start: target, organizer: `mailto:${newEmail}` });
    await app.knex('booking_hosts').where({ userId: secondId }).delete();
  });
});
