/** The team's agenda of calls: GET /api/admin/bookings (filters, exact fields, French 400) and the calls' figures in the analytics. */
import { describe, expect, it } from 'vitest';
import { setUpAgendaTests, app, admin, viewer, hostA, hostB, DAY, halfHour, weekOf, lead, booking, answered } from './agenda-support.ts';

setUpAgendaTests();

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
