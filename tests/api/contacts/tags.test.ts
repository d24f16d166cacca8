/** Tags across contacts (decision 066): counts from the trigger-kept table, rename (with merge), delete, audit. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compactTagCounts } from '../../../api/features/contacts/tags/tags.ts';
import { startTestApp, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let viewer: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: 'camille@example.ch' });
  viewer = await app.signIn({ email: 'lecteur@example.ch', role: 'viewer' });
});
afterAll(() => app.close());

async function seed(rows: Array<[string, string[]]>): Promise<void> {
  await app.knex('leads').delete();
  await app.knex('leads').insert(rows.map(([email, tags]) => ({ firstName: 'Contact', email, tags })));
}

async function tagsOf(email: string): Promise<string[]> {
  return (await app.knex('leads').where({ email }).first('tags')).tags;
}

const listed = async () => (await admin.get('/api/admin/tags')).body.tags;

beforeEach(async () => {
  await seed([
    ['a@example.ch', ['VIP', 'Genève']],
    ['b@example.ch', ['vip', 'presse']],
    ['c@example.ch', ['Genève', 'presse', 'VIP']],
    ['d@example.ch', []],
  ]);
});

describe('GET /api/admin/tags', () => {
  it('counts every tag case-insensitively, most used first, for admins and viewers', async () => {
    expect(await listed()).toEqual([
      { name: 'VIP', count: 3 },
      { name: 'Genève', count: 2 },
      { name: 'presse', count: 2 },
    ]);
    expect((await viewer.get('/api/admin/tags')).status).toBe(200);
  });

  it('follows every change of the contacts, also after the counters are folded', async () => {
    await admin.post(`/api/crm/leads/${(await app.knex('leads').where({ email: 'd@example.ch' }).first('id')).id}/tags`, { tag: 'Presse' });
    await app.knex('leads').where({ email: 'a@example.ch' }).delete();
    await compactTagCounts(app.knex);
    expect(await listed()).toEqual([
      { name: 'presse', count: 3 },
      { name: 'VIP', count: 2 },
      { name: 'Genève', count: 1 },
    ]);
    expect(Number((await app.knex('lead_tag_counts').count({ n: '*' }).first())?.n)).toBeLessThanOrEqual(5);
  });
});

describe('PATCH /api/admin/tags/{name}', () => {
  it('renames a tag on every contact carrying it (any letter case), keeping its place', async () => {
    const response = await admin.patch('/api/admin/tags/vip', { name: 'Client important' });
    expect(response).toMatchObject({ status: 200, body: { name: 'Client important', contacts: 3, merged: false } });
    expect(await tagsOf('a@example.ch')).toEqual(['Client important', 'Genève']);
    expect(await tagsOf('c@example.ch')).toEqual(['Genève', 'presse', 'Client important']);
    expect(await listed()).toContainEqual({ name: 'Client important', count: 3 });
    const audit = await app.knex('audit_events').where({ type: 'tag_renamed' }).orderBy('id', 'desc').first();
    expect(audit.details).toEqual({ from: 'vip', to: 'Client important', contacts: 3, merged: false });
  });

  it('merges into an existing tag (case-insensitively): one tag per contact, counted once', async () => {
    const response = await admin.patch('/api/admin/tags/presse', { name: 'GENÈVE' });
    expect(response.body).toEqual({ name: 'GENÈVE', contacts: 2, merged: true });
    expect(await tagsOf('b@example.ch')).toEqual(['vip', 'GENÈVE']);
    expect(await tagsOf('c@example.ch')).toEqual(['GENÈVE', 'VIP']);
    const tags = await listed();
    expect(tags.find((tag: { name: string }) => tag.name.toLowerCase() === 'genève')?.count).toBe(3);
    expect(tags.some((tag: { name: string }) => tag.name === 'presse')).toBe(false);
  });

  it('changes only the letter case when asked', async () => {
    expect((await admin.patch('/api/admin/tags/vip', { name: 'Vip' })).body).toMatchObject({ contacts: 3, merged: false });
    expect(await listed()).toContainEqual({ name: 'Vip', count: 3 });
  });

  it('answers 404 for a tag nobody carries, 400 for an empty name, 403 to a viewer', async () => {
    expect((await admin.patch('/api/admin/tags/inconnu', { name: 'x' })).status).toBe(404);
    expect((await admin.patch('/api/admin/tags/vip', { name: '  ' })).status).toBe(400);
    expect((await viewer.patch('/api/admin/tags/vip', { name: 'x' })).status).toBe(403);
    expect(await tagsOf('a@example.ch')).toEqual(['VIP', 'Genève']);
  });
});

describe('DELETE /api/admin/tags/{name}', () => {
  it('removes the tag from every contact and says how many changed', async () => {
    expect((await viewer.delete('/api/admin/tags/VIP')).status).toBe(403);
    const response = await admin.delete(`/api/admin/tags/${encodeURIComponent('genève')}`);
    expect(response).toMatchObject({ status: 200, body: { contacts: 2 } });
    expect(await tagsOf('c@example.ch')).toEqual(['presse', 'VIP']);
    expect((await listed()).map((tag: { name: string }) => tag.name)).toEqual(['VIP', 'presse']);
    const audit = await app.knex('audit_events').where({ type: 'tag_deleted' }).orderBy('id', 'desc').first();
    expect(audit.details).toEqual({ name: 'genève', contacts: 2 });
    expect((await admin.delete('/api/admin/tags/genève')).status).toBe(404);
  });
});
