/** The task list and the editing of activities (decision 071): grouping by Swiss day, filters, PATCH rules. */
import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { setUpAppWithUsersAndLead, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
let adminId: number;
let leadId: number;
setUpAppWithUsersAndLead(['leads'], { firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch' }, (users) => ({ app, admin, member, adminId, leadId } = users));

/** Midnight in Zurich, `days` from today (computed like the server: the Swiss calendar day). */
function zurichMidnight(days: number): Date {
  const now = new TZDate(Date.now(), 'Europe/Zurich');
  return new Date(new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + days, 0, 0, 0, 'Europe/Zurich').getTime());
}

async function insertTask(title: string, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await app
    .knex('activities')
    .insert({ leadId, title, type: 'task', status: 'planned', ...fields })
    .returning('id');
  return row.id;
}

const titles = (body: { tasks: { title: string }[] }) => body.tasks.map((task) => task.title);

describe('GET /api/admin/tasks', () => {
  it('answers 401 signed out, and lets a viewer (Lecture seule) read', async () => {
    expect((await app.client().get('/api/admin/tasks')).status).toBe(401);
    expect((await member.get('/api/admin/tasks')).status).toBe(200);
    expect((await member.get('/api/admin/tasks/counts')).status).toBe(200);
    expect((await member.get('/api/admin/activities')).status).toBe(200);
  });

  it('groups open activities by the Swiss day, to the second around midnight', async () => {
    const todayStart = zurichMidnight(0);
    const tomorrowStart = zurichMidnight(1);
    await insertTask('Hier soir', { dueDate: new Date(todayStart.getTime() - 1000) });
    await insertTask('Minuit', { dueDate: todayStart });
    await insertTask('Ce soir', { dueDate: new Date(tomorrowStart.getTime() - 1000) });
    await insertTask('Demain', { dueDate: tomorrowStart });
    await insertTask('Un jour', {});
    await insertTask('En cours', { status: 'in_progress', dueDate: todayStart });
    await insertTask('Terminée', { status: 'completed', dueDate: todayStart, completedAt: new Date() });
    await insertTask('Annulée', { status: 'cancelled', dueDate: todayStart });

    const all = await admin.get('/api/admin/tasks', { query: { limit: 50 } });
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, limit: 50, total: 6 });
    expect(Object.fromEntries(all.body.tasks.map((task: { title: string; due: string }) => [task.title, task.due]))).toEqual({
      'Hier soir': 'overdue',
      Minuit: 'today',
      'En cours': 'today',
      'Ce soir': 'today',
      Demain: 'upcoming',
      'Un jour': 'none',
    });
    expect(titles((await admin.get('/api/admin/tasks', { query: { due: 'overdue' } })).body)).toEqual(['Hier soir']);
    expect(titles((await admin.get('/api/admin/tasks', { query: { due: 'today' } })).body).sort()).toEqual(['Ce soir', 'En cours', 'Minuit']);
    expect(titles((await admin.get('/api/admin/tasks', { query: { due: 'upcoming' } })).body)).toEqual(['Demain']);
    expect(titles((await admin.get('/api/admin/tasks', { query: { due: 'none' } })).body)).toEqual(['Un jour']);
    expect((await admin.get('/api/admin/tasks/counts')).body).toEqual({ overdue: 1, today: 3 });
  });

  it('answers each task with its contact and assignee, filtered by type and by assignee', async () => {
    await insertTask('Appeler', { type: 'call', assignedTo: adminId });
    await insertTask('Écrire', { type: 'email' });
    const call = await admin.get('/api/admin/tasks', { query: { type: 'call' } });
    expect(call.body.tasks).toEqual([
      expect.objectContaining({
        title: 'Appeler',
        type: 'call',
        due: 'none',
        assignedTo: adminId,
        lead: { id: leadId, firstName: 'Léa', lastName: 'Favre' },
        assignee: { id: adminId, name: expect.any(String) },
      }),
    ]);
    expect(titles((await admin.get('/api/admin/tasks', { query: { assignedTo: adminId } })).body)).toEqual(['Appeler']);
    expect(titles((await admin.get('/api/admin/tasks', { query: { assignedTo: 'none' } })).body)).toEqual(['Écrire']);
    const users = await admin.get('/api/admin/tasks/assignees');
    expect(users.body.users.map((user: { id: number }) => user.id)).toContain(adminId);
  });

  it('pages the list', async () => {
    for (const n of [1, 2, 3]) await insertTask(`Tâche ${n}`, { dueDate: new Date(Date.UTC(2030, 0, n)) });
    const second = await admin.get('/api/admin/tasks', { query: { page: 2, limit: 2 } });
    expect(titles(second.body)).toEqual(['Tâche 3']);
    expect(second.body.pagination).toEqual({ page: 2, limit: 2, total: 3 });
  });

  it.each([
    [{ due: 'later' }, 'due'],
    [{ type: 'sms' }, 'type'],
    [{ assignedTo: 'abc' }, 'assignedTo'],
    [{ page: 0 }, 'page'],
  ])('answers 400 in French for %o', async (query, path) => {
    const response = await admin.get('/api/admin/tasks', { query });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe(path);
    expect(response.body.errors[0].message).toMatch(/doit/);
  });
});

describe('PATCH /api/crm/activities/{id}', () => {
  const patch = (id: number, json: unknown) => admin.request('PATCH', `/api/crm/activities/${id}`, { json });

  it('answers 401 signed out, 403 to a viewer, 404 for an unknown or malformed id', async () => {
    const id = await insertTask('Relancer');
    expect((await app.client().request('PATCH', `/api/crm/activities/${id}`, { json: { status: 'completed' } })).status).toBe(401);
    expect((await member.request('PATCH', `/api/crm/activities/${id}`, { json: { status: 'completed' } })).status).toBe(403);
    for (const bad of ['999999', 'abc']) {
      const response = await admin.request('PATCH', `/api/crm/activities/${bad}`, { json: { status: 'completed' } });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Activité non trouvée');
    }
    expect((await app.knex('activities').where({ id }).first()).status).toBe('planned');
  });

  it('marks a call done now and sets the contact’s last contact date; a note leaves it alone', async () => {
    const note = await insertTask('Note', { type: 'note' });
    expect((await patch(note, { status: 'completed' })).body.completedAt).not.toBeNull();
    expect((await app.knex('leads').where({ id: leadId }).first()).lastContactedAt).toBeNull();
    const call = await insertTask('Appel', { type: 'call' });
    const before = Date.now();
    const done = await patch(call, { status: 'completed' });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    expect(new Date(done.body.completedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await admin.get(`/api/admin/leads/${leadId}`)).body.lastContactedAt).toBe(done.body.completedAt);
    expect((await admin.get('/api/admin/tasks')).body.tasks).toEqual([]);
  });

  it('a completion date alone completes; reopening clears it; the last contact date never moves back', async () => {
    const call = await insertTask('Appel', { type: 'meeting' });
    const done = await patch(call, { completedAt: '2026-10-01T09:00:00.000Z' });
    expect(done.body).toMatchObject({ status: 'completed', completedAt: '2026-10-01T09:00:00.000Z' });
    expect((await admin.get(`/api/admin/leads/${leadId}`)).body.lastContactedAt).toBe('2026-10-01T09:00:00.000Z');
    const reopened = await patch(call, { status: 'in_progress' });
    expect(reopened.body).toMatchObject({ status: 'in_progress', completedAt: null });
    await patch(call, { status: 'completed', completedAt: '2026-09-01T09:00:00.000Z' });
    expect((await admin.get(`/api/admin/leads/${leadId}`)).body.lastContactedAt).toBe('2026-10-01T09:00:00.000Z');
  });

  it('reschedules, assigns, unassigns, renames and clears the description', async () => {
    const id = await insertTask('Relancer', { description: 'Par téléphone' });
    const changed = await patch(id, { dueDate: '2030-03-12', assignedTo: adminId, title: 'Relancer Léa', description: '' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ dueDate: '2030-03-12T00:00:00.000Z', assignedTo: adminId, title: 'Relancer Léa', description: null, status: 'planned' });
    const cleared = await patch(id, { assignedTo: null, dueDate: null });
    expect(cleared.body).toMatchObject({ assignedTo: null, dueDate: null });
  });

  it.each([
    ['a short title', { title: 'ab' }, 'title', 'Le titre doit comporter au moins 3 caractères'],
    ['an unknown status', { status: 'done' }, 'status', 'Le statut doit être'],
    ['a bad date', { dueDate: '12/03/2030' }, 'dueDate', "La date d'échéance doit être une date valide"],
    ['an unknown user', { assignedTo: 999999 }, 'assignedTo', 'La personne assignée doit être un utilisateur existant.'],
    ['a malformed user', { assignedTo: 'quelqu’un' }, 'assignedTo', 'La personne assignée doit être un utilisateur existant.'],
    ['nothing', {}, '', 'Indiquez au moins un champ à modifier.'],
  ])('answers 400 in French for %s and changes nothing', async (_name, body, path, message) => {
    const id = await insertTask('Relancer');
    const response = await patch(id, body);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe(path);
    expect(response.body.errors[0].message).toContain(message);
    expect((await app.knex('activities').where({ id }).first()).title).toBe('Relancer');
  });

  it('creation takes an assignee too, with the same check', async () => {
    const created = await admin.post(`/api/crm/leads/${leadId}/activities`, { title: 'Rappeler', assignedTo: adminId });
    expect(created.body.assignedTo).toBe(adminId);
    const unknown = await admin.post(`/api/crm/leads/${leadId}/activities`, { title: 'Rappeler', assignedTo: 999999 });
    expect(unknown.status).toBe(400);
  });
});

describe('GET /api/admin/activities (the feed)', () => {
  it('pages every activity newest first with its contact', async () => {
    for (const n of [1, 2, 3]) await insertTask(`Activité ${n}`, { createdAt: new Date(Date.UTC(2026, 0, n)) });
    const page = await admin.get('/api/admin/activities', { query: { page: 1, limit: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ page: 1, limit: 2, total: 3 });
    expect(page.body.activities.map((a: { title: string }) => a.title)).toEqual(['Activité 3', 'Activité 2']);
    expect(page.body.activities[0].lead).toEqual({ id: leadId, firstName: 'Léa', lastName: 'Favre' });
  });
});
