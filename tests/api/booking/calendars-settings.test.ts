/** Paramètres → Rendez-vous: the call's settings and each host's availability round-trip, refuse bad values in French, and viewers only read. */
import { describe, expect, it } from 'vitest';
import { setUpCalendarsTests, app, admin, viewer, hostId } from './calendars-support.ts';

setUpCalendarsTests();

describe('the call’s settings', () => {
  it('round-trips the eight settings and answers exactly them', async () => {
    const settings = {
      durationMinutes: 45,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 15,
      minimumNoticeMinutes: 1440,
      horizonDays: 60,
      slotStepMinutes: 15,
      dailyCapPerHost: 4,
      mode: 'phone',
    };
    const saved = await admin.request('PUT', '/api/admin/booking-settings', { json: settings });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(settings);
    const read = await viewer.get('/api/admin/booking-settings');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(settings);
    // The same route at the tabbed page's base.
    expect((await admin.get('/api/admin-dev/booking-settings')).body).toEqual(settings);
  });

  it('refuses invalid values with a French message per field, and a viewer’s change', async () => {
    const invalid = await admin.request('PUT', '/api/admin/booking-settings', {
      json: { durationMinutes: 5, bufferBeforeMinutes: -1, bufferAfterMinutes: 10, minimumNoticeMinutes: 720, horizonDays: 0, slotStepMinutes: 30, dailyCapPerHost: 0, mode: 'fax' },
    });
    expect(invalid.status).toBe(400);
    const messages = Object.fromEntries((invalid.body.errors as Array<{ path: string; message: string }>).map((error) => [error.path, error.message]));
    expect(messages).toEqual({
      durationMinutes: 'La durée de l’appel doit être un nombre entier compris entre 15 et 120.',
      bufferBeforeMinutes: 'La marge avant l’appel doit être un nombre entier compris entre 0 et 240.',
      horizonDays: 'L’horizon de réservation doit être un nombre entier compris entre 1 et 365.',
      dailyCapPerHost: 'La limite d’appels par jour et par hôte doit être un nombre entier compris entre 1 et 100.',
      mode: "Le déroulement de l’appel doit être l'une des valeurs suivantes : Visioconférence, Téléphone.",
    });

    const refused = await viewer.request('PUT', '/api/admin/booking-settings', { json: { durationMinutes: 60 } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Votre rôle « Lecture seule » permet de consulter, pas de modifier.');
    expect((await admin.get('/api/admin/booking-settings')).body.durationMinutes).toBe(30);
  });
});

describe('a host’s availability', () => {
  it('round-trips the schedule, overrides and links, lists every active user with their switch, and 404s an unknown user', async () => {
    const availability = {
      isHost: true,
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '14:00', end: '17:00' },
        { weekday: 3, start: '08:30', end: '11:00' },
      ],
      overrides: [
        { date: '2027-03-29', ranges: [] },
        { date: '2027-03-31', ranges: [{ start: '13:00', end: '15:00' }] },
      ],
      videoUrl: 'https://meet.example.ch/helene',
      feedUrl: null,
    };
    const saved = await admin.request('PUT', `/api/admin/hosts/${hostId}/availability`, { json: availability });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...availability, userId: hostId, feed: null });
    const read = await viewer.get(`/api/admin/hosts/${hostId}/availability`);
    expect(read.body).toEqual(saved.body);
    const token = (await app.knex('booking_hosts').where({ userId: hostId }).first()).calendarToken;
    expect(read.body.calendarUrl).toBe(`${app.config.publicUrl ?? ''}/api/calendar/${token}.ics`);

    const list = await viewer.get('/api/admin/hosts');
    expect(list.status).toBe(200);
    const emails = (list.body.hosts as Array<{ email: string }>).map((host) => host.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@example.ch', 'lecture@example.ch', 'hote@example.ch']));
    expect(list.body.hosts.find((host: { email: string }) => host.email === 'hote@example.ch')).toEqual({
      userId: hostId,
      firstName: 'Hélène',
      lastName: 'Hôte',
      email: 'hote@example.ch',
      isHost: true,
      feed: null,
    });
    expect(list.body.hosts.find((host: { email: string }) => host.email === 'admin@example.ch').isHost).toBe(false);

    // A user never set up reads as no host.
    const adminId = (await app.knex('users').where({ email: 'admin@example.ch' }).first()).id;
    expect((await admin.get(`/api/admin/hosts/${adminId}/availability`)).body).toMatchObject({ isHost: false, weekly: [], overrides: [], feed: null, calendarUrl: null });

    for (const request of [
      admin.get('/api/admin/hosts/999999/availability'),
      admin.request('PUT', '/api/admin/hosts/999999/availability', { json: availability }),
      admin.post('/api/admin/hosts/999999/feed/refresh', {}),
    ]) {
      const response = await request;
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Utilisateur non trouvé.');
    }
  });

  it('refuses invalid ranges and addresses in French, and a viewer’s change', async () => {
    const invalid = await admin.request('PUT', `/api/admin/hosts/${hostId}/availability`, {
      json: {
        isHost: true,
        weekly: [
          { weekday: 8, start: '09:00', end: '12:00' },
          { weekday: 2, start: '12:00', end: '09:00' },
          { weekday: 3, start: '09:00', end: '12:00' },
          { weekday: 3, start: '11:00', end: '13:00' },
          { weekday: 4, start: '9h', end: '12:00' },
        ],
        overrides: [{ date: '2027-02-30', ranges: [] }],
        videoUrl: 'http://meet.example.ch/helene',
        feedUrl: 'pas une adresse',
      },
    });
    expect(invalid.status).toBe(400);
    const messages = Object.fromEntries((invalid.body.errors as Array<{ path: string; message: string }>).map((error) => [error.path, error.message]));
    expect(messages).toMatchObject({
      'weekly.0.weekday': 'Le jour doit être un nombre entier de 1 (lundi) à 7 (dimanche).',
      'weekly.1.end': 'L’heure de fin doit être après l’heure de début.',
      'weekly.3.start': 'Cette plage chevauche une autre plage du même jour.',
      'weekly.4.start': 'L’heure doit être au format HH:MM (de 00:00 à 23:59).',
      'overrides.0.date': 'La date doit être une date valide (AAAA-MM-JJ).',
      videoUrl: 'Le lien de visioconférence doit être une adresse complète commençant par https://.',
      feedUrl: 'L’adresse du calendrier doit être une adresse complète commençant par https:// (ou http://, webcal://).',
    });
    expect(await app.knex('booking_hosts')).toHaveLength(0);

    const refused = await viewer.request('PUT', `/api/admin/hosts/${hostId}/availability`, { json: { isHost: true } });
    expect(refused.status).toBe(403);
    expect((await viewer.post(`/api/admin/hosts/${hostId}/feed/refresh`, {})).status).toBe(403);
    expect((await viewer.post(`/api/admin/hosts/${hostId}/calendar-token`, {})).status).toBe(403);
    expect(await app.knex('booking_hosts')).toHaveLength(0);
  });
});
