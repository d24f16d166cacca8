import { VIEWER_FORBIDDEN_MESSAGE } from '../../../api/platform/http/auth.ts';
import { describe, expect, it } from 'vitest';
import { ADMIN_API_BASES as BASES } from '../../../api/features/index.ts';
import { setUpAppWithUsers, type TestApp, type TestClient } from '../harness.ts';
import { insertLeadRow } from './lead-rows.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
setUpAppWithUsers(['leads'], (users) => ({ app, admin, member } = users));

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

const insertLead = (fields: Record<string, unknown>) => insertLeadRow(app.knex, fields);

describe('access control', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/leads'],
    ['GET', '/leads/recent'],
    ['GET', '/leads/1'],
    ['POST', '/leads', { firstName: 'Léa', email: 'lea@example.ch' }],
    ['PATCH', '/leads/1', { firstName: 'Léa' }],
    ['DELETE', '/leads/1'],
  ];

  for (const base of BASES) {
    it.each(calls)(`${base}: %s %s answers 401 signed out; a viewer reads but never changes`, async (method, path, json) => {
      const signedOut = await app.client().request(method, `${base}${path}`, { json });
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toEqual({ message: 'Veuillez vous connecter pour accéder à cette ressource.' });
      const viewer = await member.request(method, `${base}${path}`, { json });
      if (method === 'GET') expect(viewer.status).not.toBe(403);
      else expect(viewer).toMatchObject({ status: 403, body: { message: VIEWER_FORBIDDEN_MESSAGE } });
    });
  }

  it('stores nothing for a refused call', async () => {
    await app.client().post('/api/admin/leads', { firstName: 'Léa', email: 'lea@example.ch' });
    await member.post('/api/admin-dev/leads', { firstName: 'Léa', email: 'lea@example.ch' });
    expect(await app.knex('leads').select('id')).toHaveLength(0);
  });
});

describe('GET {base}/leads', () => {
  it('lists newest first with the exact total and every lead field, on both bases', async () => {
    await insertLead({ firstName: 'Ancien', email: 'ancien@example.ch', createdAt: daysAgo(10) });
    await insertLead({ firstName: 'Récent', email: 'recent@example.ch', createdAt: daysAgo(1), tags: ['vip'], phone: '+41 79 000 00 00' });
    for (const base of BASES) {
      const response = await admin.get(`${base}/leads`);
      expect(response.status).toBe(200);
      expect(response.body.pagination).toEqual({ page: 1, limit: 10, total: 2 });
      expect(response.body.leads.map((lead: { firstName: string }) => lead.firstName)).toEqual(['Récent', 'Ancien']);
      expect(Object.keys(response.body.leads[0]).sort()).toEqual(
        [
          'id',
          'firstName',
          'lastName',
          'email',
          'phone',
          'company',
          'country',
          'city',
          'message',
          'type',
          'source',
          'status',
          'tags',
          'assignedTo',
          'lastContactedAt',
          'nextFollowUpAt',
          'notes',
          'createdAt',
          'updatedAt',
          'newsletter',
          'webinarEmails',
          'firstTouch',
          'isClient',
        ].sort(),
      );
      expect(response.body.leads[0].webinarEmails).toEqual({ unsubscribedAt: null });
      expect(response.body.leads[0].isClient).toBe(false);
      expect(response.body.leads[0]).toMatchObject({ tags: ['vip'], phone: '+41 79 000 00 00', lastName: null, status: 'new', type: 'contact' });
      expect(response.body.leads[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('paginates', async () => {
    for (let index = 0; index < 12; index += 1) await insertLead({ firstName: `Personne${index}`, createdAt: daysAgo(12 - index) });
    const page2 = await admin.get('/api/admin/leads', { query: { page: 2, limit: 5 } });
    expect(page2.body.pagination).toEqual({ page: 2, limit: 5, total: 12 });
    expect(page2.body.leads.map((lead: { firstName: string }) => lead.firstName)).toEqual(['Personne6', 'Personne5', 'Personne4', 'Personne3', 'Personne2']);
    const beyond = await admin.get('/api/admin/leads', { query: { page: 9 } });
    expect(beyond.body).toEqual({ leads: [], pagination: { page: 9, limit: 10, total: 12 } });
  });

  it('searches first name, last name, "first last", email, company and phone, ignoring case and accents', async () => {
    await insertLead({ firstName: 'Zoé', lastName: 'Müller', email: 'zoe.m@example.ch', company: 'Société Générale', phone: '+41 22 555 12 34' });
    await insertLead({ firstName: 'Paul', lastName: 'Martin', email: 'paul@bluewin.ch' });
    const found = async (search: string) => (await admin.get('/api/admin/leads', { query: { search } })).body.leads.map((lead: { firstName: string }) => lead.firstName);
    expect(await found('zoe')).toEqual(['Zoé']);
    expect(await found('ZOÉ')).toEqual(['Zoé']);
    expect(await found('muller')).toEqual(['Zoé']);
    expect(await found('zoé mül')).toEqual(['Zoé']);
    expect(await found('societe gen')).toEqual(['Zoé']);
    expect(await found('555 12')).toEqual(['Zoé']);
    expect(await found('bluewin')).toEqual(['Paul']);
    expect(await found('  paul  martin ')).toEqual(['Paul']);
    expect(await found('introuvable')).toEqual([]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    await insertLead({ firstName: 'Paul', email: 'paul@example.ch' });
    expect((await admin.get('/api/admin/leads', { query: { search: '%' } })).body.leads).toEqual([]);
    expect((await admin.get('/api/admin/leads', { query: { search: 'p_ul' } })).body.leads).toEqual([]);
  });

  it('filters by status, source, tags (all of them) and creation date', async () => {
    await insertLead({ firstName: 'A', status: 'qualified', source: 'referral', tags: ['vip', 'genève'], createdAt: daysAgo(2) });
    await insertLead({ firstName: 'B', status: 'qualified', source: 'social', tags: ['vip'], createdAt: daysAgo(40) });
    await insertLead({ firstName: 'C', status: 'new', source: 'referral', tags: ['genève'] });
    const names = async (query: Record<string, string>) => (await admin.get('/api/admin/leads', { query })).body.leads.map((lead: { firstName: string }) => lead.firstName).sort();
    expect(await names({ status: 'qualified' })).toEqual(['A', 'B']);
    expect(await names({ source: 'referral' })).toEqual(['A', 'C']);
    expect(await names({ tags: 'vip' })).toEqual(['A', 'B']);
    expect(await names({ tags: 'vip,genève' })).toEqual(['A']);
    expect(await names({ tags: ' vip , genève ' })).toEqual(['A']);
    expect(await names({ createdAfter: daysAgo(30).toISOString() })).toEqual(['A', 'C']);
    expect(await names({ status: 'qualified', source: 'social' })).toEqual(['B']);
    expect(await names({ search: '', status: '', tags: '' })).toEqual(['A', 'B', 'C']);
  });

  const badQueries: Array<[Record<string, string>, string]> = [
    [{ page: '0' }, 'page'],
    [{ page: 'deux' }, 'page'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '1.5' }, 'limit'],
    [{ status: 'perdu' }, 'status'],
    [{ source: 'tv' }, 'source'],
    [{ createdAfter: 'hier' }, 'createdAfter'],
    [{ search: 'x'.repeat(201) }, 'search'],
  ];
  it.each(badQueries)('refuses %j with 400 naming the parameter', async (query, path) => {
    const response = await admin.get('/api/admin/leads', { query });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Données invalides');
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0].path).toBe(path);
    expect(response.body.errors[0].message).toMatch(/^[A-ZÀ-Ü]/);
  });
});

describe('GET {base}/leads/recent', () => {
  it('returns the 5 newest leads', async () => {
    for (let index = 0; index < 7; index += 1) await insertLead({ firstName: `N${index}`, createdAt: daysAgo(7 - index) });
    const response = await admin.get('/api/admin-dev/leads/recent');
    expect(response.status).toBe(200);
    expect(response.body.map((lead: { firstName: string }) => lead.firstName)).toEqual(['N6', 'N5', 'N4', 'N3', 'N2']);
  });
});

describe('GET {base}/leads/{id}', () => {
  it('returns every field of the lead, tags and notes included', async () => {
    const lead = await insertLead({ firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', tags: ['vip'], notes: 'Rappeler en janvier', source: 'referral' });
    const response = await admin.get(`/api/admin/leads/${lead.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: lead.id,
      firstName: 'Léa',
      lastName: 'Favre',
      email: 'lea@example.ch',
      tags: ['vip'],
      notes: 'Rappeler en janvier',
      source: 'referral',
      lastContactedAt: null,
    });
  });

  it.each(['999999', 'abc', '1.5', '-1', '0', '99999999999'])('answers 404 "Contact non trouvé" for the id %s', async (id) => {
    for (const base of BASES) {
      const response = await admin.get(`${base}/leads/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Contact non trouvé' });
    }
  });
});
