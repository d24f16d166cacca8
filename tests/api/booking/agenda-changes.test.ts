/** PATCH /api/admin/bookings/{id}: held and no-show complete the call's activity, cancelled and a new start tell the person, viewers never change; French 400, 404 and 409. */
import { beforeEach, describe, expect, it } from 'vitest';
import { VIEWER_FORBIDDEN_MESSAGE } from '../../../api/platform/http/auth.ts';
import { setUpAgendaTests, app, admin, viewer, hostA, MINUTE, HOUR, DAY, halfHour, lead, booking, answered } from './agenda-support.ts';

setUpAgendaTests();

describe('PATCH /api/admin/bookings/{id}: held and no-show', () => {
  it('marks a call that has started held, completing its activity with the outcome, and answers the call', async () => {
    const lea = await lead('lea@example.ch', 'Léa', 'Favre');
    const start = halfHour(Date.now() - 2 * HOUR);
    const call = await booking({ leadId: lea, hostId: hostA, start, message: 'Le stress' });

    const response = await admin.patch(`/api/admin/bookings/${call.id}`, { status: 'held' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      answered({ id: call.id, start, status: 'held', hostId: hostA, lead: { id: lea, firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch' }, message: 'Le stress' }),
    );
    expect((await app.knex('bookings').where({ id: call.id }).first()).status).toBe('held');
    const activity = await app.knex('activities').where({ id: call.activityId }).first();
    expect(activity).toMatchObject({ status: 'completed', outcome: 'Appel effectué' });
    expect(activity.completedAt).not.toBeNull();
    // It left the host's open tasks.
    const tasks = await admin.get('/api/admin/tasks', { query: { assignedTo: hostA } });
    expect(tasks.body.tasks.map((task: { id: number }) => task.id)).not.toContain(call.activityId);

    // A mistake can be corrected: the person did not come after all.
    const corrected = await admin.patch(`/api/admin/bookings/${call.id}`, { status: 'no-show' });
    expect(corrected.status).toBe(200);
    expect(corrected.body.status).toBe('no-show');
    expect(await app.knex('activities').where({ id: call.activityId }).first()).toMatchObject({
      status: 'completed',
      outcome: 'Absent : la personne ne s’est pas présentée',
    });
  });

  it('refuses a viewer (403, French) and changes nothing', async () => {
    const lea = await lead('lea@example.ch', 'Léa');
    const call = await booking({ leadId: lea, hostId: hostA, start: halfHour(Date.now() - HOUR) });
    for (const body of [{ status: 'held' }, { status: 'no-show' }, { status: 'cancelled' }, { start: new Date(Date.now() + DAY).toISOString() }]) {
      const response = await viewer.patch(`/api/admin/bookings/${call.id}`, body);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(VIEWER_FORBIDDEN_MESSAGE);
    }
    expect((await app.knex('bookings').where({ id: call.id }).first()).status).toBe('confirmed');
    expect((await app.knex('activities').where({ id: call.activityId }).first()).status).toBe('planned');
  });

  it('answers 409 in French for a call not yet started or cancelled', async () => {
    const lea = await lead('lea@example.ch', 'Léa');
    const future = await booking({ leadId: lea, hostId: hostA, start: halfHour(Date.now() + DAY) });
    const early = await admin.patch(`/api/admin/bookings/${future.id}`, { status: 'held' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Cet appel n’a pas encore eu lieu : il pourra être marqué effectué ou absent dès son heure de début.');
    const cancelled = await booking({ leadId: lea, hostId: hostA, start: halfHour(Date.now() - DAY), status: 'cancelled' });
    const late = await admin.patch(`/api/admin/bookings/${cancelled.id}`, { status: 'no-show' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Cet appel est annulé : il ne peut plus être modifié.');
    expect((await app.knex('bookings').where({ id: future.id }).first()).status).toBe('confirmed');
  });

  it('answers 404 for an unknown or malformed id and 400 per field for a bad body', async () => {
    for (const path of ['/api/admin/bookings/999999', '/api/admin/bookings/abc']) {
      const response = await admin.patch(path, { status: 'held' });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Ce rendez-vous est introuvable.');
    }
    const lea = await lead('lea@example.ch', 'Léa');
    const call = await booking({ leadId: lea, hostId: hostA, start: halfHour(Date.now() - HOUR) });
    const cases: Array<[unknown, Array<{ path: string; message: string }>]> = [
      [{ status: 'confirmed' }, [{ path: 'status', message: "Le statut doit être l'une des valeurs suivantes : Effectué, Absent, Annulé." }]],
      [{}, [{ path: 'status', message: 'Indiquez le nouveau statut de l’appel ou son nouveau créneau.' }]],
      [{ start: 'lundi 9h' }, [{ path: 'start', message: 'Le créneau choisi n’est pas valide. Choisissez-en un dans la liste.' }]],
      [{ status: 'cancelled', start: new Date(Date.now() + DAY).toISOString() }, [{ path: 'start', message: 'Changez le statut ou déplacez l’appel, pas les deux à la fois.' }]],
    ];
    for (const [body, errors] of cases) {
      const response = await admin.patch(`/api/admin/bookings/${call.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors).toEqual(errors);
    }
    expect((await app.knex('bookings').where({ id: call.id }).first()).status).toBe('confirmed');
  });

  it('refuses to cancel or move a call that has started or is already marked (409, French)', async () => {
    const lea = await lead('lea@example.ch', 'Léa');
    const started = await booking({ leadId: lea, hostId: hostA, start: halfHour(Date.now() - HOUR) });
    const past = await admin.patch(`/api/admin/bookings/${started.id}`, { status: 'cancelled' });
    expect(past.status).toBe(409);
    expect(past.body.message).toBe('Cet appel a déjà commencé : il ne peut plus être annulé ni déplacé. Marquez-le effectué ou absent.');
    const held = await booking({ leadId: lea, hostId: hostA, start: halfHour(Date.now() + DAY), status: 'held' });
    const moved = await admin.patch(`/api/admin/bookings/${held.id}`, { start: halfHour(Date.now() + 2 * DAY).toISOString() });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe('Cet appel est déjà marqué effectué ou absent : il ne peut plus être annulé ni déplacé.');
  });
});

describe('PATCH /api/admin/bookings/{id}: cancelled and a new start tell the person', () => {
  /** Every day, the whole day, so free starts exist whenever the test runs. */
  const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));
  const person = { firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', phone: '+41 79 123 45 67', message: 'Le stress au travail' };

  beforeEach(async () => {
    await app.emptyTables('booking_hosts', 'idempotency_keys');
    await app.knex('booking_settings').where({ id: 1 }).update({ minimumNoticeMinutes: 60, horizonDays: 30, dailyCapPerHost: null, mode: 'video' });
    await app.knex('booking_hosts').insert({
      userId: hostA,
      isHost: true,
      weekly: JSON.stringify(ALL_WEEK),
      overrides: '[]',
      videoUrl: 'https://meet.example.ch/helene',
      calendarToken: `token-${hostA}`,
    });
  });

  async function freeStarts(): Promise<string[]> {
    const response = await app.client().get('/api/bookings/slots', { query: { days: 3 } });
    return (response.body.days as Array<{ slots: Array<{ start: string }> }>).flatMap((day) => day.slots.map((slot) => slot.start));
  }

  /** A call booked as a person books it, from the public page. */
  async function bookedCall(start: string, email = person.email): Promise<{ id: number; activityId: number; leadId: number }> {
    expect((await app.client().post('/api/bookings', { ...person, email, start })).status).toBe(201);
    return app
      .knex('bookings')
      .where({ startAt: new Date(start) })
      .first('id', 'activityId', 'leadId');
  }

  it('cancels a call: the slot is free again, the activity cancelled, the person and the host sent the cancellation', async () => {
    const [start] = await freeStarts();
    const call = await bookedCall(start!);
    expect(await freeStarts()).not.toContain(start);

    const response = await admin.patch(`/api/admin/bookings/${call.id}`, { status: 'cancelled' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: call.id, start, status: 'cancelled', hostId: hostA });
    expect((await app.knex('bookings').where({ id: call.id }).first()).cancelledAt).not.toBeNull();
    expect((await app.knex('activities').where({ id: call.activityId }).first()).status).toBe('cancelled');
    const sent = await app.knex('emails').where({ bookingId: call.id, kind: 'booking_cancelled' }).orderBy('toAddress');
    expect(sent.map((email: { toAddress: string }) => email.toAddress)).toEqual(['helene@example.ch', 'lea@example.ch']);
    expect(await freeStarts()).toContain(start);

    // Done once: a second cancellation or a move of a cancelled call is refused.
    const again = await admin.patch(`/api/admin/bookings/${call.id}`, { status: 'cancelled' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cet appel est annulé : il ne peut plus être modifié.');
    expect((await admin.patch(`/api/admin/bookings/${call.id}`, { start: (await freeStarts())[3] })).status).toBe(409);
  });

  it('moves a call to a free start: the same booking, a higher sequence, the activity moved, the person sent the update', async () => {
    const starts = await freeStarts();
    const call = await bookedCall(starts[0]!);
    const target = starts[6]!;

    const response = await admin.patch(`/api/admin/bookings/${call.id}`, { start: target });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: call.id, start: target, end: new Date(Date.parse(target) + 30 * MINUTE).toISOString(), status: 'confirmed' });
    const row = await app.knex('bookings').where({ id: call.id }).first();
    expect(row.sequence).toBe(1);
    expect(new Date((await app.knex('activities').where({ id: call.activityId }).first()).dueDate).toISOString()).toBe(target);
    const updates = await app.knex('emails').where({ bookingId: call.id, kind: 'booking_update', toAddress: 'lea@example.ch' });
    expect(updates).toHaveLength(1);
    const after = await freeStarts();
    expect(after).toContain(starts[0]);
    expect(after).not.toContain(target);
  });

  it('answers 409 in French with the next free starts when the new start is not free', async () => {
    const starts = await freeStarts();
    const call = await bookedCall(starts[0]!);
    await bookedCall(starts[6]!, 'autre@example.ch');

    const taken = await admin.patch(`/api/admin/bookings/${call.id}`, { start: starts[6] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("Ce créneau n'est plus disponible.");
    expect(taken.body.slots.length).toBeGreaterThan(0);
    const offStep = await admin.patch(`/api/admin/bookings/${call.id}`, { start: new Date(Date.parse(starts[6]!) + 7 * MINUTE).toISOString() });
    expect(offStep.status).toBe(409);
    expect(offStep.body.message).toBe("Ce créneau n'est plus disponible.");
    // Nothing moved.
    const row = await app.knex('bookings').where({ id: call.id }).first();
    expect(new Date(row.startAt).toISOString()).toBe(starts[0]);
    expect(row.sequence).toBe(0);
    expect(await app.knex('emails').where({ bookingId: call.id, kind: 'booking_update' })).toHaveLength(0);
  });
});
