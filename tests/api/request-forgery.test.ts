/**
 * Requests a browser could be tricked into sending, and fields a client must not set:
 * - CSRF: state-changing session requests from another origin → 403; non-JSON bodies → 415;
 * - mass assignment: id, createdAt, isAdmin, createdBy, password hashes… in a body are ignored;
 * - `__proto__` / `constructor` keys have no effect;
 * - login answers take as long for an unknown account as for a known one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_PASSWORD_HASH_COST, startTestApp, type TestApp, type TestClient } from './harness.ts';

let app: TestApp;
let admin: TestClient;

beforeAll(async () => {
  // Production's hashing cost: the login-timing test measures the hash's share of an answer.
  app = await startTestApp({ PUBLIC_URL: 'https://innercircle.example.ch', ...PRODUCTION_PASSWORD_HASH_COST });
  admin = await app.signIn({ email: 'camille@example.ch' });
});
afterAll(() => app.close());

const newLead = (email: string) => ({ firstName: 'Zoé', lastName: 'Rochat', email });

describe('cross-site requests', () => {
  it('refuses a state-changing admin request from another origin with 403', async () => {
    const response = await admin.post('/api/admin/leads', newLead('csrf1@example.ch'), { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Requête refusée : elle ne provient pas du site lui-même.');
    expect(await app.knex('leads').where({ email: 'csrf1@example.ch' }).first()).toBeUndefined();
  });

  it('refuses a request without Origin when Sec-Fetch-Site says cross-site, and one with neither header', async () => {
    const crossSite = await admin.request('DELETE', '/api/admin/leads/1', { headers: { origin: '', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const bare = await admin.request('POST', '/api/simple-auth/logout', { headers: { origin: '' } });
    expect(bare.status).toBe(403);
  });

  it('accepts the request’s own origin, Sec-Fetch-Site same-origin, and the configured public URL', async () => {
    expect((await admin.post('/api/admin/leads', newLead('own@example.ch'))).status).toBe(201);
    expect((await admin.post('/api/admin/leads', newLead('fetch@example.ch'), { headers: { origin: '', 'sec-fetch-site': 'same-origin' } })).status).toBe(201);
    expect((await admin.post('/api/admin/leads', newLead('public@example.ch'), { headers: { origin: 'https://innercircle.example.ch' } })).status).toBe(201);
  });

  it('refuses form-encoded and text bodies on admin routes with 415 (a cross-site form cannot send JSON)', async () => {
    const form = await admin.request('POST', '/api/admin/leads', {
      body: 'firstName=Zo%C3%A9&email=form%40example.ch',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const text = await admin.request('POST', '/api/crm/leads/1/tags', { body: '{"tag":"x"}', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(await app.knex('leads').where({ email: 'form@example.ch' }).first()).toBeUndefined();
  });
});

describe('mass assignment', () => {
  it('ignores isAdmin, id and timestamps in setup and lead bodies', async () => {
    const created = await admin.post('/api/admin/leads', {
      ...newLead('mass@example.ch'),
      id: 999_999,
      createdAt: '2000-01-01T00:00:00Z',
      tags: ['injecté'],
      assignedTo: 1,
      lastContactedAt: '2000-01-01T00:00:00Z',
    });
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(999_999);
    expect(new Date(created.body.createdAt).getFullYear()).toBeGreaterThan(2020);
    expect(created.body.tags).toEqual([]);
    expect(created.body.lastContactedAt).toBeNull();

    const publicLead = await app.client().post('/api/leads', { ...newLead('visiteur@example.ch'), type: 'contact', status: 'qualified', notes: 'pirate', source: 'referral', id: 5 });
    expect(publicLead.status).toBe(201);
    const stored = await app.knex('leads').where({ email: 'visiteur@example.ch' }).first();
    expect(stored).toMatchObject({ status: 'new', notes: null, source: 'form' });
  });

  it('records the signed-in user as an activity author, whatever createdBy says', async () => {
    const lead = await admin.post('/api/admin/leads', newLead('auteur@example.ch'));
    const activity = await admin.post(`/api/crm/leads/${lead.body.id}/activities`, { type: 'note', title: 'Premier échange', createdBy: 424242, leadId: 1 });
    expect(activity.status).toBe(201);
    const row = await app.knex('activities').where({ id: activity.body.id }).first();
    const me = await app.knex('users').where({ email: 'camille@example.ch' }).first();
    expect(row.createdBy).toBe(me.id);
    expect(row.leadId).toBe(lead.body.id);
  });

  it('lets no body key reach an object prototype', async () => {
    const response = await app.client().request('POST', '/api/leads', {
      body: '{"firstName":"Proto","email":"proto@example.ch","type":"contact","__proto__":{"isAdmin":true,"status":"qualified"},"constructor":{"prototype":{"polluted":true}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const stored = await app.knex('leads').where({ email: 'proto@example.ch' }).first();
    expect(stored.status).toBe('new');
  });

  it('never returns a password hash', async () => {
    const me = await admin.get('/api/simple-auth/user');
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|password/i);
  });
});

describe('login timing', () => {
  it('takes as long for an unknown account as for a wrong password (a hash is verified either way)', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      const response = await app.client().post('/api/simple-auth/login', { email, password: 'pas-le-bon-mot-de-passe' });
      expect(response.status).toBe(401);
      return performance.now() - started;
    };
    await time('echauffement@example.ch'); // the dummy hash is computed once, lazily
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      known.push(await time('camille@example.ch'));
      unknown.push(await time(`inconnu${round}@example.ch`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Without the dummy verification an unknown account answers ~50× faster; the ratio stays near 1.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(known)).toBeLessThan(2);
  });
});
