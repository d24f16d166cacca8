import { describe, expect, it } from 'vitest';
import { setUpAppWithUsersAndLead, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
let adminId: number;
let leadId: number;
setUpAppWithUsersAndLead(['leads'], { firstName: 'Léa', email: 'lea@example.ch' }, (users) => ({ app, admin, member, adminId, leadId } = users));

const tagsPath = () => `/api/crm/leads/${leadId}/tags`;
const activitiesPath = () => `/api/crm/leads/${leadId}/activities`;

describe('access control', () => {
  it.each([
    ['GET', '/tags'],
    ['POST', '/tags', { tag: 'vip' }],
    ['DELETE', '/tags/vip'],
    ['GET', '/activities'],
    ['POST', '/activities', { title: 'Appel de suivi' }],
  ] as Array<[string, string, unknown?]>)('%s /api/crm/leads/{id}%s answers 401 signed out; a viewer reads but never changes', async (method, path, json) => {
    expect((await app.client().request(method, `/api/crm/leads/${leadId}${path}`, { json })).status).toBe(401);
    const viewer = (await member.request(method, `/api/crm/leads/${leadId}${path}`, { json })).status;
    if (method === 'GET') expect(viewer).toBe(200);
    else expect(viewer).toBe(403);
    expect((await app.knex('leads').where({ id: leadId }).first()).tags).toEqual([]);
    expect(await app.knex('activities').select('id')).toHaveLength(0);
  });
});

describe('tags', () => {
  it('lists, adds (trimmed, 201) and keeps the order', async () => {
    expect((await admin.get(tagsPath())).body).toEqual({ tags: [] });
    const first = await admin.post(tagsPath(), { tag: '  VIP ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ tags: ['VIP'] });
    const second = await admin.post(tagsPath(), { tag: 'Genève' });
    expect(second.body).toEqual({ tags: ['VIP', 'Genève'] });
    expect((await admin.get(tagsPath())).body).toEqual({ tags: ['VIP', 'Genève'] });
  });

  it('adds a tag only once, whatever its letter case', async () => {
    await admin.post(tagsPath(), { tag: 'VIP' });
    const again = await admin.post(tagsPath(), { tag: 'vip' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ tags: ['VIP'] });
    const concurrent = await Promise.all([admin.post(tagsPath(), { tag: 'Client' }), admin.post(tagsPath(), { tag: 'CLIENT' })]);
    expect(concurrent.map((response) => response.status)).toEqual([201, 201]);
    expect((await admin.get(tagsPath())).body.tags).toHaveLength(2);
  });

  it.each([
    [{ tag: '' }, 'Le tag ne peut pas être vide.'],
    [{ tag: '   ' }, 'Le tag ne peut pas être vide.'],
    [{ tag: 'x'.repeat(51) }, 'Le tag ne doit pas dépasser 50 caractères.'],
    [{ tag: 12 }, 'Le tag doit être un texte.'],
    [{}, 'Le tag doit être un texte.'],
  ])('refuses %j', async (body, message) => {
    const response = await admin.post(tagsPath(), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Données invalides', errors: [{ path: 'tag', message }] });
  });

  it('accepts a tag of exactly 50 characters', async () => {
    expect((await admin.post(tagsPath(), { tag: 'x'.repeat(50) })).status).toBe(201);
  });

  it('removes URL-encoded tags with spaces, accents, slashes and percent signs', async () => {
    for (const tag of ['Suisse romande', 'Été 2026', 'B2B/PME', '100%', 'vip']) await admin.post(tagsPath(), { tag });
    for (const tag of ['Suisse romande', 'Été 2026', 'B2B/PME', '100%']) {
      const response = await admin.delete(`${tagsPath()}/${encodeURIComponent(tag)}`);
      expect(response.status).toBe(200);
      expect(response.body.tags).not.toContain(tag);
    }
    expect((await admin.get(tagsPath())).body).toEqual({ tags: ['vip'] });
  });

  it('removes a tag whatever its letter case, and removing an absent tag changes nothing', async () => {
    await admin.post(tagsPath(), { tag: 'VIP' });
    await admin.post(tagsPath(), { tag: 'Genève' });
    expect((await admin.delete(`${tagsPath()}/vip`)).body).toEqual({ tags: ['Genève'] });
    const absent = await admin.delete(`${tagsPath()}/inexistant`);
    expect(absent.status).toBe(200);
    expect(absent.body).toEqual({ tags: ['Genève'] });
  });

  it('refuses a blank or too long tag in the path with 400, whatever the lead id, and changes nothing', async () => {
    await admin.post(tagsPath(), { tag: 'vip' });
    for (const id of [String(leadId), 'abc', '777777']) {
      for (const [tag, message] of [
        ['%20%20', 'Le tag ne peut pas être vide.'],
        ['x'.repeat(51), 'Le tag ne doit pas dépasser 50 caractères.'],
      ]) {
        const response = await admin.delete(`/api/crm/leads/${id}/tags/${tag}`);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: 'Données invalides', errors: [{ path: 'tag', message }] });
      }
    }
    expect((await admin.get(tagsPath())).body).toEqual({ tags: ['vip'] });
  });

  it('answers 404 "Contact non trouvé" for an unknown or non-numeric lead', async () => {
    for (const id of ['777777', 'abc']) {
      for (const [method, path, json] of [
        ['GET', '/tags'],
        ['POST', '/tags', { tag: 'vip' }],
        ['DELETE', '/tags/vip'],
      ] as Array<[string, string, unknown?]>) {
        const response = await admin.request(method, `/api/crm/leads/${id}${path}`, { json });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: 'Contact non trouvé' });
      }
    }
  });
});

describe('activities', () => {
  it('creates an activity by the signed-in admin with the defaults (note, planned) and answers 201', async () => {
    const response = await admin.post(activitiesPath(), { title: 'Premier échange', description: 'Présentation du programme', dueDate: '2026-12-01' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      leadId,
      type: 'note',
      title: 'Premier échange',
      description: 'Présentation du programme',
      status: 'planned',
      outcome: null,
      dueDate: '2026-12-01T00:00:00.000Z',
      scheduledAt: null,
      completedAt: null,
      createdBy: adminId,
      assignedTo: null,
      // Added by hand: no public submission, so no origin to show.
      touch: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await app.knex('leads').where({ id: leadId }).first()).lastContactedAt).toBeNull();
  });

  it('completes now an activity saved as completed without a date, and a completed call sets lastContactedAt', async () => {
    const before = Date.now();
    const response = await admin.post(activitiesPath(), { type: 'call', title: 'Appel découverte', status: 'completed' });
    expect(response.status).toBe(201);
    const completedAt = new Date(response.body.completedAt).getTime();
    expect(completedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(completedAt).toBeLessThanOrEqual(Date.now() + 1000);
    const lead = await admin.get(`/api/admin/leads/${leadId}`);
    expect(lead.body.lastContactedAt).toBe(response.body.completedAt);
  });

  it('moves lastContactedAt forward only, and only for completed calls, emails and meetings', async () => {
    await admin.post(activitiesPath(), { type: 'email', title: 'Email envoyé', status: 'completed', completedAt: '2026-10-01T09:00:00.000Z' });
    expect((await admin.get(`/api/admin/leads/${leadId}`)).body.lastContactedAt).toBe('2026-10-01T09:00:00.000Z');
    await admin.post(activitiesPath(), { type: 'meeting', title: 'Ancienne réunion', status: 'completed', completedAt: '2026-09-01T09:00:00.000Z' });
    expect((await admin.get(`/api/admin/leads/${leadId}`)).body.lastContactedAt).toBe('2026-10-01T09:00:00.000Z');
    await admin.post(activitiesPath(), { type: 'note', title: 'Note récente', status: 'completed' });
    await admin.post(activitiesPath(), { type: 'call', title: 'Appel prévu', status: 'planned' });
    expect((await admin.get(`/api/admin/leads/${leadId}`)).body.lastContactedAt).toBe('2026-10-01T09:00:00.000Z');
  });

  it('lists the activities of the lead newest first', async () => {
    await admin.post(activitiesPath(), { title: 'Première' });
    await admin.post(activitiesPath(), { title: 'Deuxième', type: 'task', status: 'in_progress' });
    const [other] = await app.knex('leads').insert({ firstName: 'Autre', email: 'autre@example.ch' }).returning('id');
    await app.knex('activities').insert({ leadId: other.id, title: "D'un autre" });
    const response = await admin.get(activitiesPath());
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['activities', 'pagination']);
    expect(response.body.activities.map((activity: { title: string }) => activity.title)).toEqual(['Deuxième', 'Première']);
    expect(response.body.activities[0]).toMatchObject({ type: 'task', status: 'in_progress' });
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 2 });
  });

  it.each([
    ['a two-letter title', { title: 'Ok' }, 'title', 'Le titre doit comporter au moins 3 caractères'],
    ['a missing title', { title: undefined }, 'title', 'Le titre doit comporter au moins 3 caractères'],
    ['an unknown type', { type: 'sms' }, 'type', "Le type d'activité doit être l'une des valeurs suivantes : Note, Appel, Email, Réunion, Tâche."],
    ['an unknown status', { status: 'done' }, 'status', "Le statut doit être l'une des valeurs suivantes : Planifiée, En cours, Terminée, Annulée."],
    ['an invalid due date', { dueDate: '31/12/2026' }, 'dueDate', "La date d'échéance doit être une date valide (AAAA-MM-JJ ou date ISO 8601)."],
    ['an invalid completion date', { completedAt: 'hier' }, 'completedAt', 'La date de réalisation doit être une date valide (AAAA-MM-JJ ou date ISO 8601).'],
  ] as Array<[string, Record<string, unknown>, string, string]>)('refuses %s', async (_label, change, path, message) => {
    const response = await admin.post(activitiesPath(), { title: 'Appel de suivi', ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Données invalides', errors: [{ path, message }] });
  });

  it('answers 404 "Contact non trouvé" for an unknown or non-numeric lead', async () => {
    for (const id of ['777777', 'abc']) {
      const list = await admin.get(`/api/crm/leads/${id}/activities`);
      expect(list.status).toBe(404);
      expect(list.body).toEqual({ message: 'Contact non trouvé' });
      const create = await admin.post(`/api/crm/leads/${id}/activities`, { title: 'Appel de suivi' });
      expect(create.status).toBe(404);
      expect(create.body).toEqual({ message: 'Contact non trouvé' });
    }
  });
});
