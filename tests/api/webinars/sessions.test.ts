import { describe, expect, it } from 'vitest';
import { ADMIN_API_BASES as BASES } from '../../../api/features/index.ts';
import { setUpAppWithUsers, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
setUpAppWithUsers(['webinars', 'leads'], (users) => ({ app, admin, member } = users));

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);

async function insertWebinar(fields: Record<string, unknown> = {}) {
  const [row] = await app
    .knex('webinars')
    .insert({ title: 'Webinaire', description: 'Description', datetime: inDays(7), ...fields })
    .returning('*');
  return row;
}

const FORM = {
  title: 'Les 4 hormones du bonheur',
  description: 'Découvrez 3 techniques rapides.',
  date: '2026-12-03',
  time: '18:30',
  datetime: '2026-12-03T17:30:00.000Z',
  duration: 45,
  maxAttendees: 50,
  location: 'Zoom',
  registrationUrl: 'https://exemple.ch/inscription',
  imageUrl: 'https://exemple.ch/image.jpg',
  isActive: true,
};

describe('access control', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/webinars'],
    ['GET', '/webinars/upcoming'],
    ['GET', '/webinars/1'],
    ['POST', '/webinars', FORM],
    ['DELETE', '/webinars/1'],
    ['GET', '/webinars/1/registrations'],
  ];
  for (const base of BASES) {
    it.each(calls)(`${base}: %s %s answers 401 signed out; a viewer reads but never changes`, async (method, path, json) => {
      expect((await app.client().request(method, `${base}${path}`, { json })).status).toBe(401);
      const viewer = (await member.request(method, `${base}${path}`, { json })).status;
      if (method === 'GET') expect(viewer).not.toBe(403);
      else expect(viewer).toBe(403);
    });
  }
});

describe('POST {base}/webinars', () => {
  it('creates the webinar with datetime authoritative and answers 201 with every field', async () => {
    for (const base of BASES) {
      const response = await admin.post(`${base}/webinars`, FORM);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        title: FORM.title,
        description: FORM.description,
        datetime: '2026-12-03T17:30:00.000Z',
        duration: 45,
        location: 'Zoom',
        maxAttendees: 50,
        registrationUrl: 'https://exemple.ch/inscription',
        imageUrl: 'https://exemple.ch/image.jpg',
        joinUrl: null,
        isActive: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    }
  });

  it('applies the defaults: 60 minutes, 100 attendees, online, active; empty fields are not given', async () => {
    const response = await admin.post('/api/admin/webinars', {
      title: 'Minimal',
      description: 'Sans options',
      datetime: '2026-12-10T18:00:00+01:00',
      registrationUrl: '',
      imageUrl: '',
      location: ' ',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      duration: 60,
      maxAttendees: 100,
      location: 'online',
      isActive: true,
      registrationUrl: null,
      imageUrl: null,
      joinUrl: null,
      datetime: '2026-12-10T17:00:00.000Z',
    });
  });

  it('accepts numbers sent as text, as an HTML input gives them', async () => {
    const response = await admin.post('/api/admin/webinars', { ...FORM, duration: '90', maxAttendees: '20' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ duration: 90, maxAttendees: 20 });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing title', { title: '' }, 'title', 'Le titre est obligatoire.'],
    ['a missing description', { description: undefined }, 'description', 'La description est obligatoire.'],
    ['a missing datetime', { datetime: undefined }, 'datetime', 'La date et l’heure sont obligatoires (date ISO 8601 avec fuseau, ex. 2026-12-01T18:00:00.000Z).'],
    ['a datetime without time zone', { datetime: '2026-12-03T18:30' }, 'datetime', 'La date et l’heure sont obligatoires (date ISO 8601 avec fuseau, ex. 2026-12-01T18:00:00.000Z).'],
    ['a duration of 14 minutes', { duration: 14 }, 'duration', 'La durée doit être un nombre entier de minutes compris entre 15 et 240.'],
    ['a duration of 241 minutes', { duration: 241 }, 'duration', 'La durée doit être un nombre entier de minutes compris entre 15 et 240.'],
    ['a fractional duration', { duration: 30.5 }, 'duration', 'La durée doit être un nombre entier de minutes compris entre 15 et 240.'],
    ['0 attendees', { maxAttendees: 0 }, 'maxAttendees', 'Le nombre maximum de participants doit être un nombre entier compris entre 1 et 1000.'],
    ['1001 attendees', { maxAttendees: 1001 }, 'maxAttendees', 'Le nombre maximum de participants doit être un nombre entier compris entre 1 et 1000.'],
    ['a location over 200 characters', { location: 'x'.repeat(201) }, 'location', 'Le lieu ne doit pas dépasser 200 caractères.'],
    ['a relative registration URL', { registrationUrl: '/inscription' }, 'registrationUrl', "L'URL d'inscription doit être une adresse complète commençant par http:// ou https://."],
    ['a javascript: image URL', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', "L'URL de l'image doit être une adresse complète commençant par http:// ou https://."],
    ['a relative join link', { joinUrl: '/zoom' }, 'joinUrl', 'Le lien de connexion doit être une adresse complète commençant par http:// ou https://.'],
    ['a text isActive', { isActive: 'oui' }, 'isActive', 'Le statut actif doit être vrai ou faux.'],
  ];
  it.each(invalid)('refuses %s', async (_label, change, path, message) => {
    const response = await admin.post('/api/admin/webinars', { ...FORM, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Données invalides', errors: [{ path, message }] });
    expect(await app.knex('webinars').select('id')).toHaveLength(0);
  });
});

describe('GET {base}/webinars', () => {
  it('lists the soonest upcoming first, then past ones from the most recent, with the total', async () => {
    await insertWebinar({ title: 'Passé lointain', datetime: inDays(-30) });
    await insertWebinar({ title: 'Dans un mois', datetime: inDays(30) });
    await insertWebinar({ title: 'Passé récent', datetime: inDays(-2) });
    await insertWebinar({ title: 'Demain', datetime: inDays(1), isActive: false });
    for (const base of BASES) {
      const response = await admin.get(`${base}/webinars`);
      expect(response.status).toBe(200);
      expect(response.body.webinars.map((webinar: { title: string }) => webinar.title)).toEqual(['Demain', 'Dans un mois', 'Passé récent', 'Passé lointain']);
      expect(response.body.pagination).toEqual({ page: 1, limit: 10, total: 4 });
    }
    const page = await admin.get('/api/admin/webinars', { query: { page: 2, limit: 3 } });
    expect(page.body.webinars.map((webinar: { title: string }) => webinar.title)).toEqual(['Passé lointain']);
    expect(page.body.pagination).toEqual({ page: 2, limit: 3, total: 4 });
  });

  it('refuses a limit over 100', async () => {
    const response = await admin.get('/api/admin/webinars', { query: { limit: 500 } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({ path: 'limit', message: 'La limite doit être un nombre entier compris entre 1 et 100.' });
  });
});

describe('GET {base}/webinars/upcoming', () => {
  it('returns the 3 soonest webinars to come, active or not', async () => {
    await insertWebinar({ title: 'Passé', datetime: inDays(-1) });
    await insertWebinar({ title: 'J+4', datetime: inDays(4) });
    await insertWebinar({ title: 'J+1', datetime: inDays(1), isActive: false });
    await insertWebinar({ title: 'J+9', datetime: inDays(9) });
    await insertWebinar({ title: 'J+2', datetime: inDays(2) });
    const response = await admin.get('/api/admin-dev/webinars/upcoming');
    expect(response.status).toBe(200);
    expect(response.body.map((webinar: { title: string }) => webinar.title)).toEqual(['J+1', 'J+2', 'J+4']);
  });
});

describe('GET and DELETE {base}/webinars/{id}', () => {
  it('returns one webinar', async () => {
    const webinar = await insertWebinar({ title: 'Celui-ci' });
    const response = await admin.get(`/api/admin/webinars/${webinar.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: webinar.id, title: 'Celui-ci', duration: 60, location: 'online' });
  });

  it.each(['987654', 'abc', '0'])('answers 404 "Webinaire non trouvé" for the id %s', async (id) => {
    for (const [method, path] of [
      ['GET', `/webinars/${id}`],
      ['DELETE', `/webinars/${id}`],
      ['GET', `/webinars/${id}/registrations`],
    ]) {
      const response = await admin.request(method!, `/api/admin${path}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Webinaire non trouvé' });
    }
  });

  it('deletes a webinar with its registrations, keeping the leads (204)', async () => {
    const webinar = await insertWebinar();
    const [lead] = await app.knex('leads').insert({ firstName: 'Léa', email: 'lea@example.ch' }).returning('id');
    await app.knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId: lead.id });
    const response = await admin.delete(`/api/admin-dev/webinars/${webinar.id}`);
    expect(response.status).toBe(204);
    expect(await app.knex('webinars').where({ id: webinar.id })).toHaveLength(0);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id })).toHaveLength(0);
    expect(await app.knex('leads').where({ id: lead.id })).toHaveLength(1);
    expect((await admin.delete(`/api/admin-dev/webinars/${webinar.id}`)).status).toBe(404);
  });
});

describe('GET {base}/webinars/{id}/registrations', () => {
  it('pages the registrations with the lead fields, and counts statistics over the whole webinar', async () => {
    const webinar = await insertWebinar({ maxAttendees: 100 });
    const other = await insertWebinar({ title: 'Autre' });
    const statuses = ['registered', 'registered', 'attended', 'attended', 'attended', 'no-show', 'registered', 'attended', 'no-show', 'registered', 'waitlisted', 'cancelled'];
    for (const [index, status] of statuses.entries()) {
      const [lead] = await app
        .knex('leads')
        .insert({ firstName: `P${index}`, lastName: 'Test', email: `p${index}@example.ch`, phone: index === 0 ? '+41 79 000 00 00' : null })
        .returning('id');
      await app.knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId: lead.id, status, registeredAt: new Date(Date.now() - (100 - index) * 60_000) });
      if (index === 0) await app.knex('webinarRegistrations').insert({ webinarId: other.id, leadId: lead.id });
    }
    for (const base of BASES) {
      const response = await admin.get(`${base}/webinars/${webinar.id}/registrations`, { query: { page: 2, limit: 10 } });
      expect(response.status).toBe(200);
      expect(response.body.pagination).toEqual({ page: 2, limit: 10, total: 12 });
      expect(response.body.stats).toEqual({ total: 12, registered: 4, attended: 4, noShow: 2, waitlisted: 1, cancelled: 1 });
      expect(response.body.registrations).toHaveLength(2);
      // Newest first: page 2 holds the two oldest.
      expect(response.body.registrations[1]).toEqual({
        id: expect.any(Number),
        webinarId: webinar.id,
        leadId: expect.any(Number),
        status: 'registered',
        registeredAt: expect.stringMatching(/Z$/),
        lead: { firstName: 'P0', lastName: 'Test', email: 'p0@example.ch', phone: '+41 79 000 00 00' },
      });
    }
  });

  it('answers an empty page for a webinar without registrations', async () => {
    const webinar = await insertWebinar();
    const response = await admin.get(`/api/admin/webinars/${webinar.id}/registrations`);
    expect(response.body).toEqual({ registrations: [], pagination: { page: 1, limit: 10, total: 0 }, stats: { total: 0, registered: 0, attended: 0, noShow: 0, waitlisted: 0, cancelled: 0 } });
  });

  it('refuses bad paging parameters', async () => {
    const webinar = await insertWebinar();
    const response = await admin.get(`/api/admin/webinars/${webinar.id}/registrations`, { query: { page: -1 } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('page');
  });
});
