/**
 * A record of security events (decision 021): what happened, when and by whom, readable by administrators
 * newest first; never a password, a typed login identifier or a session id in a row; the access log
 * line names the signed-in user by id.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';

const PASSWORD = 'Chalet-Neige-Tilleul-Ardoise';
const NEW_PASSWORD = 'Barque-Roseaux-Perchoir-Grive-77';
const TYPED_UNKNOWN = 'quelqu.un.d.inconnu@example.ch';
const logLines: string[] = [];
let app: TestApp;
let admin: TestClient;
let adminId: number;
const cookieValues: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMITS: 'on' }, { logLines });
  admin = app.client();
  const setup = await admin.post('/api/simple-auth/setup-admin', { email: 'audit@example.ch', password: PASSWORD, firstName: 'Ada', lastName: 'Morel' });
  expect(setup.status).toBe(201);
  adminId = setup.body.id;
  cookieValues.push(...admin.cookies.values());

  await app.client().post('/api/simple-auth/login', { email: 'AUDIT@example.ch', password: 'mauvais-mot-de-passe' });
  await app.client().post('/api/simple-auth/login', { email: TYPED_UNKNOWN, password: PASSWORD });
  const second = app.client();
  expect((await second.post('/api/simple-auth/login', { email: 'audit@example.ch', password: PASSWORD })).status).toBe(200);
  cookieValues.push(...second.cookies.values());
  const sessionId = ((await admin.get('/api/simple-auth/sessions')).body.sessions as Array<{ id: string; current: boolean }>).find((s) => !s.current)!.id;
  expect((await admin.delete(`/api/simple-auth/sessions/${sessionId}`)).status).toBe(204);
  expect((await admin.post('/api/simple-auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
  cookieValues.push(...admin.cookies.values());

  const lead = await admin.post('/api/admin/leads', { firstName: 'Léa', email: 'lea@example.ch' });
  expect((await admin.delete(`/api/admin/leads/${lead.body.id}`)).status).toBe(204);
  const webinar = await admin.post('/api/admin/webinars', { title: 'Sérotonine', description: 'Texte', datetime: '2026-12-03T17:30:00.000Z', duration: 60, maxAttendees: 50, location: 'online' });
  expect(webinar.status).toBe(201);
  expect((await admin.delete(`/api/admin/webinars/${webinar.body.id}`)).status).toBe(204);

  // Lock an account: 5 failures, then a sixth attempt.
  for (let attempt = 0; attempt < 6; attempt += 1) await app.client().post('/api/simple-auth/login', { email: 'verrou@example.ch', password: 'x' });
});
afterAll(() => app.close());

describe('audit_events', () => {
  it('records every kind of event with the actor and an IP prefix', async () => {
    const rows = await app.knex('audit_events').orderBy('id').select('type', 'userId', 'ipPrefix', 'details');
    const types = new Set(rows.map((row) => row.type));
    for (const type of ['admin_setup', 'login_failed', 'login_succeeded', 'session_revoked', 'password_changed', 'lead_deleted', 'webinar_deleted', 'login_locked']) {
      expect(types, type).toContain(type);
    }
    for (const row of rows) expect(row.ipPrefix).toBe('127.0.0.0/24');
    const byType = (type: string) => rows.filter((row) => row.type === type);
    expect(byType('admin_setup')[0]).toMatchObject({ userId: adminId });
    expect(byType('login_failed').map((row) => row.userId)).toEqual(expect.arrayContaining([adminId, null]));
    expect(byType('login_succeeded')[0]).toMatchObject({ userId: adminId });
    expect(byType('password_changed')[0]).toMatchObject({ userId: adminId, details: { otherSessionsEnded: 0 } });
    expect(byType('session_revoked')[0]).toMatchObject({ userId: adminId, details: { current: false } });
    expect(byType('lead_deleted')[0]).toMatchObject({ userId: adminId, details: { leadId: expect.any(Number) } });
    expect(byType('webinar_deleted')[0]).toMatchObject({ userId: adminId, details: { webinarId: expect.any(Number) } });
    expect(byType('login_locked')[0]).toMatchObject({ userId: null, details: { counter: 'login:account' } });
  });

  it('never holds a password, a typed identifier or a session id', async () => {
    const everything = JSON.stringify(await app.knex('audit_events').select()).toLowerCase();
    for (const secret of [PASSWORD, NEW_PASSWORD, 'mauvais-mot-de-passe', TYPED_UNKNOWN, 'verrou@example.ch', 'audit@example.ch']) {
      expect(everything).not.toContain(secret.toLowerCase());
    }
    const sids = await app.knex('sessions').pluck('sid');
    for (const value of [...cookieValues, ...sids, ...cookieValues.map((cookie) => createHash('sha256').update(cookie).digest('hex'))]) {
      expect(everything).not.toContain(value.toLowerCase());
    }
  });
});

describe('GET /api/admin/audit', () => {
  it('lists events newest first with pagination', async () => {
    const total = Number((await app.knex('audit_events').count({ n: '*' }).first())!.n);
    const response = await admin.get('/api/admin/audit', { query: { page: 1, limit: 3 } });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 3, total });
    expect(response.body.events).toHaveLength(3);
    const newest = await app.knex('audit_events').orderBy('id', 'desc').first('id', 'type');
    expect(response.body.events[0]).toMatchObject({ id: Number(newest.id), type: newest.type });
    expect(Object.keys(response.body.events[0]).sort()).toEqual(['createdAt', 'details', 'id', 'ipPrefix', 'type', 'userId']);
    const ids = response.body.events.map((event: { id: number }) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const next = await admin.get('/api/admin/audit', { query: { page: 2, limit: 3 } });
    expect(next.body.events[0].id).toBeLessThan(ids[2]);
  });

  it('filters by type and refuses an unknown type in French', async () => {
    const response = await admin.get('/api/admin/audit', { query: { type: 'lead_deleted' } });
    expect(response.status).toBe(200);
    expect(response.body.events.map((event: { type: string }) => event.type)).toEqual(['lead_deleted']);
    const bad = await admin.get('/api/admin/audit', { query: { type: 'tout' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/^Le type d'événement doit être l'un des suivants/);
  });

  it('is for administrators only', async () => {
    expect((await app.client().get('/api/admin/audit')).status).toBe(401);
  });
});

describe('access log', () => {
  it('carries the user id when signed in, and none otherwise', async () => {
    logLines.length = 0;
    await admin.get('/api/admin/audit');
    await app.client().get('/api/simple-auth/user');
    const requests = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request');
    expect(requests.find((entry) => entry.path === '/api/admin/audit')).toMatchObject({ userId: adminId });
    expect(requests.find((entry) => entry.path === '/api/simple-auth/user')).not.toHaveProperty('userId');
  });
});
