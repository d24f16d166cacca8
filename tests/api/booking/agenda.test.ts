/**
 * The team's agenda of calls: GET /api/admin/bookings (filters by range, host and status, the exact
 * fields of each call), PATCH /api/admin/bookings/{id} (held and no-show complete the call's activity;
 * cancelled and a new start tell the person; viewers read and never change), the French 400, 404 and
 * 409, and the calls' figures in the analytics.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { format, startOfWeek } from 'date-fns';
import { VIEWER_FORBIDDEN_MESSAGE } from '../../../api/platform/http/auth.ts';
import { startTestApp, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let viewer: TestClient;
let hostA: number;
let hostB: number;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A whole half hour, so a start is on the slot step whatever the time the test runs. */
const halfHour = (ms: number) => new Date(Math.floor(ms / (30 * MINUTE)) * 30 * MINUTE);
/** The Monday (Zurich) of the week holding `date`, as the API names weeks. */
const weekOf = (date: Date) => format(startOfWeek(new TZDate(date, 'Europe/Zurich'), { weekStartsOn: 1 }), 'yyyy-MM-dd');

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: 'helene@example.ch', firstName: 'Hélène', lastName: 'Hôte' });
  viewer = await app.signIn({ email: 'lecture@example.ch', role: 'viewer' });
  await app.signIn({ email: 'marc@example.ch', firstName: 'Marc', lastName: 'Second' });
  hostA = (await app.knex('users').where({ email: 'helene@example.ch' }).first()).id;
  hostB = (await app.knex('users').where({ email: 'marc@example.ch' }).first()).id;
});
afterAll(() => app.close());

beforeEach(async () => {
  await app.emptyTables('bookings', 'leads', 'webinars');
});

async function lead(email: string, firstName: string, lastName: string | null = null): Promise<number> {
  const [row] = await app.knex('leads').insert({ firstName, lastName, email, type: 'contact', source: 'form' }).returning('id');
  return row.id;
}

interface Seed {
  leadId: number;
  hostId: number;
  start: Date;
  status?: 'confirmed' | 'held' | 'no-show' | 'cancelled';
  message?: string | null;
  createdAt?: Date;
}

/** A booking as book.ts stores it: its planned meeting in the host's tasks, 30 minutes, 10 blocked after. */
async function booking(seed: Seed): Promise<{ id: number; activityId: number }> {
  const [activity] = await app
    .knex('activities')
    .insert({ leadId: seed.leadId, type: 'meeting', status: 'planned', title: 'Appel découverte', scheduledAt: seed.start, dueDate: seed.start, assignedTo: seed.hostId })
    .returning('id');
  const end = new Date(seed.start.getTime() + 30 * MINUTE);
  const [row] = await app
    .knex('bookings')
    .insert({
      uid: `${Math.random().toString(36).slice(2)}@localhost`,
      leadId: seed.leadId,
      hostId: seed.hostId,
      activityId: activity.id,
      startAt: seed.start,
      endAt: end,
      blocked: app.knex.raw('tstzrange(?, ?)', [seed.start.toISOString(), new Date(end.getTime() + 10 * MINUTE).toISOString()]),
      status: seed.status ?? 'confirmed',
      mode: 'video',
      message: seed.message ?? null,
      createdAt: seed.createdAt ?? new Date(),
      cancelledAt: seed.status === 'cancelled' ? new Date() : null,
    })
    .returning('id');
  return { id: row.id, activityId: activity.id };
}

/** A call as the API answers it, with exactly these fields: it ends 30 minutes after its start. */
function answered(call: { id: number; start: Date; status: string; hostId: number; lead: { id: number; firstName: string; lastName: string | null; email: string }; message: string | null }) {
  return { ...call, start: call.start.toISOString(), end: new Date(call.start.getTime() + 30 * MINUTE).toISOString() };
}

describe('GET /api/admin/bookings', () => {
  it('lists each call with exactly its fields, earliest first, to a viewer too', async () => {
    const lea = await lead('lea@example.ch', 'Léa', 'Favre');
    const tom = await lead('tom@example.ch', 'Tom', null);
    const later = halfHour(Date.now() + 2 * DAY);
    const sooner = halfHour(Date.now() + DAY);
    const a = await booking({ leadId: lea, hostId: hostA, start: later, message: 'Le stress au travail' });
    const b = await booking({ leadId: tom, hostId: hostB, start: sooner });

    const response = await viewer.get('/api/admin/bookings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      bookings: [
        answered({ id: b.id, start: sooner, status: 'confirmed', hostId: hostB, lead: { id: tom, firstName: 'Tom', lastName: null, email: 'tom@example.ch' }, message: null }),
        answered({ id: a.id, start: later, status: 'confirmed', hostId: hostA, lead: { id: lea, firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch' }, message: 'Le stress au travail' }),
      ],
    });
    expect((await app.client().get('/api/admin/bookings')).status).toBe(401);
    // The same routes under the admin-dev base.
    expect((await admin.get('/api/admin-dev/bookings')).body.bookings).toHaveLength(2);
  });

  it('filters by range (Swiss days or instants), host and status', async () => {
    const lea = await lead('lea@example.ch', 'Léa', 'Favre');
    // 2027-03-29 is a Monday in summer time: 00:15 Swiss is 22:15 UTC the day before.
    const earlyMonday = new Date('2027-03-28T22:15:00.000Z');
    const mondayNoon = new Date('2027-03-29T10:00:00.000Z');
    const tuesday = new Date('2027-03-30T08:00:00.000Z');
    const ids = {
      early: (await booking({ leadId: lea, hostId: hostA, start: earlyMonday })).id,
      noon: (await booking({ leadId: lea, hostId: hostB, start: mondayNoon, status: 'cancelled' })).id,
      tuesday: (await booking({ leadId: lea, hostId: hostA, start: tuesday, status: 'held' })).id,
    };
    const list = async (query: Record<string, string | number>) => {
      const response = await admin.get('/api/admin/bookings', { query });
      expect(response.status).toBe(200);
      return response.body.bookings.map((entry: { id: number }) => entry.id);
    };
    expect(await list({ from: '2027-03-29', to: '2027-03-29' })).toEqual([ids.early, ids.noon]);
    expect(await list({ from: '2027-03-30' })).toEqual([ids.tuesday]);
    expect(await list({ to: '2027-03-28' })).toEqual([]);
    expect(await list({ from: '2027-03-29T10:00:00.000Z', to: '2027-03-30T08:00:00Z' })).toEqual([ids.noon]);
    expect(await list({ hostId: hostA })).toEqual([ids.early, ids.tuesday]);
    expect(await list({ status: 'cancelled' })).toEqual([ids.noon]);
    expect(await list({ hostId: hostA, status: 'held' })).toEqual([ids.tuesday]);
    expect(await list({ limit: 1 })).toEqual([ids.early]);
  });

  it('answers 400 with a French message per field', async () => {
    // Each field's refused value and its message, in the order the answer lists them.
    const refused: Record<string, [string | number, string]> = {
      from: ['2027-02-30', 'La date de début doit être une date valide (AAAA-MM-JJ ou date ISO 8601).'],
      to: ['demain', 'La date de fin doit être une date valide (AAAA-MM-JJ ou date ISO 8601).'],
      hostId: ['abc', 'L’hôte doit être l’identifiant d’un utilisateur (un nombre entier positif).'],
      status: ['done', "Le statut doit être l'une des valeurs suivantes : Prévu, Effectué, Absent, Annulé."],
      limit: [0, 'Le nombre de rendez-vous doit être un nombre entier compris entre 1 et 500.'],
    };
    const response = await admin.get('/api/admin/bookings', { query: Object.fromEntries(Object.entries(refused).map(([field, [value]]) => [field, value])) });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Données invalides');
    expect(response.body.errors).toEqual(Object.entries(refused).map(([path, [, message]]) => ({ path, message })));
    const reversed = await admin.get('/api/admin/bookings', { query: { from: '2027-03-30', to: '2027-03-29' } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([{ path: 'to', message: 'La date de fin doit être après la date de début.' }]);
  });
});

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

describe('the calls in the analytics', () => {
  it('counts calls booked, held and missed per week, and the funnel from webinar sign-up to call held', async () => {
    const now = Date.now();
    const [webinar] = await app
      .knex('webinars')
      .insert({ title: 'Session', datetime: new Date(now - 10 * DAY) })
      .returning('id');
    const signedUp = await Promise.all(['s1', 's2', 's3', 's4'].map((name) => lead(`${name}@example.ch`, name)));
    const outsider = await lead('direct@example.ch', 'Direct');
    await app.knex('webinarRegistrations').insert(signedUp.map((leadId) => ({ webinarId: webinar.id, leadId, status: 'registered', registeredAt: new Date(now - 20 * DAY) })));
    const bookedAt = new Date(now - 8 * DAY);
    const heldAt = halfHour(now - 5 * DAY);
    const missedAt = halfHour(now - 4 * DAY);
    // s1 held, s2 missed, s3 booked a call still to come; s4 booked nothing. A person who never signed up holds one too.
    await booking({ leadId: signedUp[0]!, hostId: hostA, start: heldAt, status: 'held', createdAt: bookedAt });
    await booking({ leadId: signedUp[1]!, hostId: hostA, start: missedAt, status: 'no-show', createdAt: bookedAt });
    await booking({ leadId: signedUp[2]!, hostId: hostB, start: halfHour(now + 3 * DAY), createdAt: new Date(now - 2 * DAY) });
    await booking({ leadId: outsider, hostId: hostB, start: halfHour(now - 3 * DAY), status: 'held', createdAt: bookedAt });
    // Booked before the period: not in its weeks.
    await booking({ leadId: outsider, hostId: hostB, start: halfHour(now - 60 * DAY), status: 'cancelled', createdAt: new Date(now - 70 * DAY) });

    const response = await viewer.get('/api/admin/analytics', { query: { period: '30d' } });
    expect(response.status).toBe(200);
    const weeks = response.body.calls.weeks as Array<{ week: string; booked: number; held: number; noShow: number }>;
    const sum = (pick: (week: (typeof weeks)[number]) => number) => weeks.reduce((total, week) => total + pick(week), 0);
    expect(sum((week) => week.booked)).toBe(4);
    expect(sum((week) => week.held)).toBe(2);
    expect(sum((week) => week.noShow)).toBe(1);
    const byWeek = new Map(weeks.map((week) => [week.week, week]));
    expect(byWeek.get(weekOf(bookedAt))!.booked).toBeGreaterThanOrEqual(3);
    expect(byWeek.get(weekOf(missedAt))!.noShow).toBe(1);
    expect(byWeek.get(weekOf(heldAt))!.held).toBeGreaterThanOrEqual(1);
    expect(Object.keys(weeks[0]!)).toEqual(['week', 'booked', 'held', 'noShow']);
    expect(response.body.calls.funnel).toEqual({ signedUp: 4, booked: 3, held: 1 });

    const report = await viewer.get('/api/admin/analytics/report.csv', { query: { period: '30d' } });
    expect(report.text).toContain('Du webinaire à l’appel;Inscrits à un webinaire;;4');
    expect(report.text).toContain('Du webinaire à l’appel;Appel effectué;;1');
    expect(report.text).toContain('Appels découverte par semaine;Absents;');
  });
});
