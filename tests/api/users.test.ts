/** Users and roles (decision 065): list, create with a role, change role, deactivate, last-administrator rules, profile. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE } from '../../api/features/accounts/users.ts';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestClient } from './harness.ts';

let app: TestApp;
let admin: TestClient;
const NEW_PASSWORD = 'cerf-volant-orange-1987';

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: 'chef@example.ch' });
});
afterAll(() => app.close());

async function idOf(email: string): Promise<number> {
  return (await app.knex('users').where({ email }).first('id')).id;
}

describe('GET/POST /api/admin/users', () => {
  it('creates a viewer who can sign in, and audits it without personal data', async () => {
    const created = await admin.post('/api/admin/users', { email: ' Lea@Example.ch ', firstName: 'Léa', lastName: 'Favre', role: 'viewer', password: NEW_PASSWORD });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'lea@example.ch', firstName: 'Léa', lastName: 'Favre', role: 'viewer', active: true });
    expect(JSON.stringify(created.body)).not.toContain('argon2');
    const login = await app.client().post('/api/simple-auth/login', { email: 'lea@example.ch', password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ role: 'viewer', isAdmin: false });
    const audit = await app.knex('audit_events').where({ type: 'user_created' }).first();
    expect(audit.details).toEqual({ targetUserId: created.body.id, role: 'viewer' });

    const list = await admin.get('/api/admin/users');
    expect(list.status).toBe(200);
    expect(list.body.users.map((user: { email: string }) => user.email)).toEqual(expect.arrayContaining(['chef@example.ch', 'lea@example.ch']));
  });

  it('refuses a taken email, a weak password and an unknown role in French', async () => {
    const taken = await admin.post('/api/admin/users', { email: 'CHEF@example.ch', firstName: 'A', lastName: 'B', role: 'admin', password: NEW_PASSWORD });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Un compte avec cet email existe déjà.' } });
    const weak = await admin.post('/api/admin/users', { email: 'x@example.ch', firstName: 'A', lastName: 'B', role: 'admin', password: 'motdepasse12' });
    expect(weak.status).toBe(400);
    const role = await admin.post('/api/admin/users', { email: 'y@example.ch', firstName: 'A', lastName: 'B', role: 'root', password: NEW_PASSWORD });
    expect(role.status).toBe(400);
    expect(JSON.stringify(role.body.errors)).toContain('Administrateur, Lecture seule');
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('deactivating ends the user’s sessions at once; reactivating lets them sign in again', async () => {
    const other = await app.signIn({ email: 'bientot-parti@example.ch', role: 'admin' });
    expect((await other.get('/api/admin/leads')).status).toBe(200);
    const id = await idOf('bientot-parti@example.ch');
    const response = await admin.patch(`/api/admin/users/${id}`, { active: false });
    expect(response).toMatchObject({ status: 200, body: { active: false, role: 'admin' } });
    expect((await other.get('/api/admin/leads')).status).toBe(401);
    expect(await app.knex('sessions').where({ userId: id })).toEqual([]);
    const login = await app.client().post('/api/simple-auth/login', { email: 'bientot-parti@example.ch', password: TEST_PASSWORD });
    expect(login.status).toBe(401);
    expect((await admin.patch(`/api/admin/users/${id}`, { active: true })).status).toBe(200);
    expect((await app.client().post('/api/simple-auth/login', { email: 'bientot-parti@example.ch', password: TEST_PASSWORD })).status).toBe(200);
    const audit = await app.knex('audit_events').where({ type: 'user_updated' }).orderBy('id').first();
    expect(audit.details).toMatchObject({ targetUserId: id, active: false, sessionsEnded: 1 });
  });

  it('changes a role: a demoted administrator can no longer change anything', async () => {
    const other = await app.signIn({ email: 'ex-admin@example.ch', role: 'admin' });
    const id = await idOf('ex-admin@example.ch');
    expect((await admin.patch(`/api/admin/users/${id}`, { role: 'viewer' })).body.role).toBe('viewer');
    expect((await other.post('/api/admin/leads', { firstName: 'Léa', email: 'lea.v@example.ch' })).status).toBe(403);
    expect((await other.get('/api/admin/leads')).status).toBe(200);
    expect((await other.get('/api/simple-auth/user')).body.role).toBe('viewer');
  });

  it('never demotes or deactivates the last active administrator', async () => {
    await app.knex('users').whereNot({ email: 'chef@example.ch' }).update({ role: 'viewer' });
    const viewer = await app.signIn({ email: 'lecteur@example.ch', role: 'viewer' });
    const id = await idOf('chef@example.ch');
    const demote = await admin.patch(`/api/admin/users/${id}`, { role: 'viewer' });
    expect(demote).toMatchObject({ status: 409, body: { message: LAST_ADMIN_MESSAGE } });
    expect((await admin.patch(`/api/admin/users/${id}`, { active: false })).status).toBe(409);
    // A viewer cannot promote themselves either.
    const viewerId = await idOf('lecteur@example.ch');
    expect((await viewer.patch(`/api/admin/users/${viewerId}`, { role: 'admin' })).status).toBe(403);
    // With a second administrator, the first may step down, and the second becomes the last one.
    expect((await admin.patch(`/api/admin/users/${viewerId}`, { role: 'admin' })).status).toBe(200);
    expect((await admin.patch(`/api/admin/users/${id}`, { role: 'viewer' })).status).toBe(200);
    expect(await app.knex('users').where({ role: 'admin', active: true }).pluck('email')).toEqual(['lecteur@example.ch']);
    expect((await viewer.patch(`/api/admin/users/${viewerId}`, { active: false })).status).toBe(409);
    expect((await viewer.patch(`/api/admin/users/${id}`, { role: 'admin' })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id and 400 for an empty change', async () => {
    expect((await admin.patch('/api/admin/users/999999', { active: true })).status).toBe(404);
    expect((await admin.patch('/api/admin/users/abc', { active: true })).body.message).toBe('Utilisateur non trouvé.');
    expect((await admin.patch(`/api/admin/users/${await idOf('chef@example.ch')}`, {})).status).toBe(400);
  });
});

describe('PATCH /api/simple-auth/user (own profile)', () => {
  it('lets a viewer edit their own profile, password and sessions', async () => {
    const viewer = await app.signIn({ email: 'profil@example.ch', role: 'viewer' });
    const response = await viewer.patch('/api/simple-auth/user', { firstName: 'Noé', lastName: 'Berset', bio: 'Bénévole', profileImageUrl: 'https://example.ch/noe.png', email: 'noe@example.ch' });
    expect(response).toMatchObject({
      status: 200,
      body: { firstName: 'Noé', lastName: 'Berset', bio: 'Bénévole', profileImageUrl: 'https://example.ch/noe.png', email: 'noe@example.ch', role: 'viewer' },
    });
    expect((await viewer.patch('/api/simple-auth/user', { bio: '', profileImageUrl: null })).body).toMatchObject({ bio: null, profileImageUrl: null });
    expect((await viewer.patch('/api/simple-auth/user', { profileImageUrl: 'javascript:alert(1)' })).status).toBe(400);
    expect((await viewer.patch('/api/simple-auth/user', { email: 'chef@example.ch' })).status).toBe(409);
    const password = await viewer.post('/api/simple-auth/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(password.status).toBe(200);
    const sessions = await viewer.get('/api/simple-auth/sessions');
    expect(sessions.body.sessions).toHaveLength(1);
  });
});

describe('GET /api/admin/settings/mail', () => {
  it('says whether SMTP is configured and who sends, never the SMTP address itself', async () => {
    const response = await admin.get('/api/admin/settings/mail');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ smtpConfigured: false, smtpHost: null });
    expect(response.body.senderAddress).toMatch(/@/);
    const viewer = await app.signIn({ email: 'lecteur-mail@example.ch', role: 'viewer' });
    expect((await viewer.get('/api/admin/settings/mail')).status).toBe(200);
  });
});
