/**
 * Every irreversible action needs a proof of a factor within 5 minutes (docs/decisions/145-re-authentication.md):
 * with a stale proof it answers 403 `{reauth: true}` and nothing happens; after `POST /api/simple-auth/reauth`
 * the same request succeeds. The back office's mirror under /api/admin-dev has the same gates.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestClient, type TestResponse } from '../harness.ts';
import { makeProofStale, REAUTH_REFUSAL, userIdOf } from './reauth-support.ts';

let app: TestApp;
let admin: TestClient;
const ADMIN = 'chef@example.ch';

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: ADMIN });
});
afterAll(() => app.close());
beforeEach(() => app.emptyTables('audit_events', 'emails', 'newsletters', 'webinar_registrations', 'webinars', 'leads'));

async function newLead(email = 'lea.favre@example.ch'): Promise<number> {
  const [row] = await app.knex('leads').insert({ firstName: 'Léa', lastName: 'Favre', email }).returning('id');
  return row.id;
}

async function auditCount(type: string): Promise<number> {
  return Number((await app.knex('audit_events').where({ type }).count({ total: '*' }).first())?.total ?? 0);
}

/**
 * With a stale proof the request is refused and `happened` stays false; after the password proof the
 * same request answers `status` and `happened` turns true.
 */
async function expectGated(options: { client?: TestClient; email?: string; send: () => Promise<TestResponse>; status: number; happened: () => Promise<boolean> }) {
  const client = options.client ?? admin;
  await makeProofStale(app, options.email ?? ADMIN);
  const refused = await options.send();
  expect(refused).toMatchObject({ status: 403, body: REAUTH_REFUSAL });
  expect(await options.happened()).toBe(false);
  expect((await client.post('/api/simple-auth/reauth', { method: 'password', code: TEST_PASSWORD })).status).toBe(200);
  const done = await options.send();
  expect(done.status).toBe(options.status);
  expect(await options.happened()).toBe(true);
  return done;
}

describe('exports of contacts', () => {
  for (const base of ['/api/admin', '/api/admin-dev']) {
    it(`the contacts list CSV (${base}/leads.csv)`, async () => {
      await newLead();
      const done = await expectGated({ send: () => admin.get(`${base}/leads.csv`), status: 200, happened: async () => (await auditCount('leads_exported')) === 1 });
      expect(done.text).toContain('lea.favre@example.ch');
    });
  }

  it('the per-contact export', async () => {
    const id = await newLead();
    const done = await expectGated({ send: () => admin.get(`/api/admin/leads/${id}/export`), status: 200, happened: async () => (await auditCount('lead_exported')) === 1 });
    expect(done.text).toContain('lea.favre@example.ch');
  });

  it('the registrations of a webinar', async () => {
    const leadId = await newLead();
    const [webinar] = await app
      .knex('webinars')
      .insert({ title: 'Mieux dormir', datetime: new Date(Date.now() + 7 * 86_400_000) })
      .returning('id');
    await app.knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId });
    const done = await expectGated({
      send: () => admin.get(`/api/admin/webinars/${webinar.id}/registrations.csv`),
      status: 200,
      happened: async () => (await auditCount('registrations_exported')) === 1,
    });
    expect(done.text).toContain('lea.favre@example.ch');
  });

  it('the recipients of a newsletter', async () => {
    const [issue] = await app.knex('newsletters').insert({ subject: 'Novembre', body: 'Bonjour' }).returning('id');
    await expectGated({
      send: () => admin.get(`/api/admin-dev/newsletters/${issue.id}/recipients.csv`),
      status: 200,
      happened: async () => (await auditCount('leads_exported')) === 1,
    });
  });
});

describe('what cannot be undone on contacts', () => {
  it('erasing a contact', async () => {
    const id = await newLead();
    await expectGated({
      send: () => admin.post(`/api/admin/leads/${id}/erase`, { confirmEmail: 'lea.favre@example.ch' }),
      status: 204,
      happened: async () => (await app.knex('leads').where({ id }).first()) === undefined,
    });
  });

  it('deleting or exporting a selection; tagging one needs no proof', async () => {
    const id = await newLead();
    await makeProofStale(app, ADMIN);
    expect((await admin.post('/api/admin/leads/bulk', { ids: [id], action: 'add_tag', value: 'vip' })).status).toBe(200);
    expect(await admin.post('/api/admin/leads/bulk', { ids: [id], action: 'export' })).toMatchObject({ status: 403, body: REAUTH_REFUSAL });
    await expectGated({
      send: () => admin.post('/api/admin/leads/bulk', { ids: [id], action: 'delete' }),
      status: 200,
      happened: async () => (await app.knex('leads').where({ id }).first()) === undefined,
    });
  });
});

describe('accounts and roles', () => {
  it('creating a user', async () => {
    const user = { email: 'nouvelle@example.ch', firstName: 'Léa', lastName: 'Favre', role: 'viewer', password: 'cerf-volant-orange-1987' };
    await expectGated({
      send: () => admin.post('/api/admin-dev/users', user),
      status: 201,
      happened: async () => (await app.knex('users').where({ email: user.email }).first()) !== undefined,
    });
  });

  it('changing a role or deactivating an account; sending the same role needs no proof', async () => {
    await app.signIn({ email: 'collegue@example.ch', role: 'viewer' });
    const id = await userIdOf(app, 'collegue@example.ch');
    await makeProofStale(app, ADMIN);
    expect((await admin.patch(`/api/admin/users/${id}`, { role: 'viewer' })).status).toBe(200);
    expect(await admin.patch(`/api/admin/users/${id}`, { active: false })).toMatchObject({ status: 403, body: REAUTH_REFUSAL });
    expect((await app.knex('users').where({ id }).first()).active).toBe(true);
    await expectGated({
      send: () => admin.patch(`/api/admin/users/${id}`, { role: 'admin' }),
      status: 200,
      happened: async () => (await app.knex('users').where({ id }).first()).role === 'admin',
    });
  });

  it('changing one’s password', async () => {
    const email = 'mdp@example.ch';
    const client = await app.signIn({ email, role: 'viewer' });
    const before = (await app.knex('users').where({ email }).first()).password;
    await expectGated({
      client,
      email,
      send: () => client.post('/api/simple-auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'cerf-volant-orange-1987' }),
      status: 200,
      happened: async () => (await app.knex('users').where({ email }).first()).password !== before,
    });
  });

  it('changing one’s e-mail; the rest of the profile needs no proof', async () => {
    const email = 'profil@example.ch';
    const client = await app.signIn({ email });
    await makeProofStale(app, email);
    expect((await client.patch('/api/simple-auth/user', { firstName: 'Zoé', email: 'PROFIL@example.ch' })).status).toBe(200);
    const id = await userIdOf(app, email);
    await expectGated({
      client,
      email,
      send: () => client.patch('/api/simple-auth/user', { email: 'nouveau-profil@example.ch' }),
      status: 200,
      happened: async () => (await app.knex('users').where({ id }).first()).email === 'nouveau-profil@example.ch',
    });
  });
});
