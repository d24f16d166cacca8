/** `POST {base}/leads/bulk` (decision 077) and the list's date range (`createdFrom`, `createdTo`). */
import { describe, expect, it } from 'vitest';
import { setUpAppWithUsers, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
setUpAppWithUsers(['leads', 'audit_events'], (users) => ({ app, admin, member } = users));

async function insertLead(fields: Record<string, unknown>): Promise<number> {
  const [row] = await app
    .knex('leads')
    .insert({ firstName: 'Anne', email: `anne${Math.random()}@example.ch`, ...fields })
    .returning('id');
  return row.id;
}
const tagsOf = async (id: number) => (await app.knex('leads').where({ id }).first()).tags;
const leadCounts = async () =>
  Object.fromEntries(
    (await app.knex.raw<{ rows: Array<{ status: string; total: string }> }>('select status, sum(delta) as total from lead_counts group by status')).rows
      .filter((row) => Number(row.total) !== 0)
      .map((row) => [row.status, Number(row.total)]),
  );

describe('POST {base}/leads/bulk', () => {
  it('answers 401 signed out and 403 to a non-admin on both bases, and changes nothing', async () => {
    const id = await insertLead({});
    for (const base of ['/api/admin', '/api/admin-dev']) {
      expect((await app.client().post(`${base}/leads/bulk`, { ids: [id], action: 'delete' })).status).toBe(401);
      expect((await member.post(`${base}/leads/bulk`, { ids: [id], action: 'delete' })).status).toBe(403);
    }
    expect(await app.knex('leads').where({ id })).toHaveLength(1);
  });

  it('refuses an empty selection, an unknown action and a missing value in French', async () => {
    const empty = await admin.post('/api/admin/leads/bulk', { ids: [], action: 'delete' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ path: 'ids', message: 'Sélectionnez au moins un contact.' }]);
    const unknown = await admin.post('/api/admin/leads/bulk', { ids: [1], action: 'merge' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toBe('L’action doit être add_tag, remove_tag, set_status, export ou delete.');
    const noValue = await admin.post('/api/admin/leads/bulk', { ids: [1], action: 'set_status' });
    expect(noValue.status).toBe(400);
    expect(noValue.body.errors[0].path).toBe('value');
  });

  it('adds a tag to the selected contacts lacking it (any letter case) and audits it', async () => {
    const a = await insertLead({ tags: ['client'] });
    const b = await insertLead({ tags: ['VIP'] });
    const other = await insertLead({});
    const response = await admin.post('/api/admin/leads/bulk', { ids: [a, b], action: 'add_tag', value: ' vip ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ action: 'add_tag', selected: 2, changed: 1 });
    expect(await tagsOf(a)).toEqual(['client', 'vip']);
    expect(await tagsOf(b)).toEqual(['VIP']);
    expect(await tagsOf(other)).toEqual([]);
    const [event] = await app.knex('audit_events').where({ type: 'leads_bulk_updated' });
    expect(event.details).toEqual({ action: 'add_tag', selected: 2, changed: 1 });
  });

  it('removes a tag in any letter case, keeping the order of the others', async () => {
    const a = await insertLead({ tags: ['a', 'VIP', 'b'] });
    const b = await insertLead({ tags: ['c'] });
    const response = await admin.post('/api/admin-dev/leads/bulk', { ids: [a, b], action: 'remove_tag', value: 'vip' });
    expect(response.body).toEqual({ action: 'remove_tag', selected: 2, changed: 1 });
    expect(await tagsOf(a)).toEqual(['a', 'b']);
    expect(await tagsOf(b)).toEqual(['c']);
  });

  it('changes the status and keeps lead_counts exact', async () => {
    const a = await insertLead({ status: 'new' });
    const b = await insertLead({ status: 'qualified' });
    await insertLead({ status: 'new' });
    const response = await admin.post('/api/admin/leads/bulk', { ids: [a, b], action: 'set_status', value: 'qualified' });
    expect(response.body).toEqual({ action: 'set_status', selected: 2, changed: 1 });
    expect(await leadCounts()).toEqual({ new: 1, qualified: 2 });
    const stats = await admin.get('/api/admin/leads', { query: { status: 'qualified' } });
    expect(stats.body.pagination.total).toBe(2);
  });

  it('deletes the selection as a single delete does: registrations and activities go, one lead_deleted each', async () => {
    const a = await insertLead({});
    const b = await insertLead({});
    const kept = await insertLead({});
    await app.knex('activities').insert({ leadId: a, type: 'note', status: 'completed', title: 'Note' });
    const response = await admin.post('/api/admin/leads/bulk', { ids: [a, b, 999999], action: 'delete' });
    expect(response.body).toEqual({ action: 'delete', selected: 3, changed: 2 });
    expect((await app.knex('leads').select('id')).map((row) => row.id)).toEqual([kept]);
    expect(await app.knex('activities').where({ leadId: a })).toHaveLength(0);
    const deleted = await app.knex('audit_events').where({ type: 'lead_deleted' }).orderBy('id');
    expect(deleted.map((event) => event.details.leadId).sort()).toEqual([a, b].sort());
    expect(await leadCounts()).toEqual({ new: 1 });
  });

  it('exports the selection as a Swiss Excel CSV: BOM, semicolons, CRLF, French header, Swiss dates, phones without apostrophe, formulas neutralised', async () => {
    const a = await insertLead({
      firstName: 'Zoé',
      lastName: '=HYPERLINK("x")',
      email: 'zoe@example.ch',
      phone: '+41 79 000 00 00',
      tags: ['vip', 'suisse'],
      status: 'qualified',
      source: 'webinar',
      createdAt: new Date('2026-07-01T10:05:00Z'),
    });
    await insertLead({ firstName: 'Pas', email: 'pas@example.ch' });
    const response = await admin.post('/api/admin/leads/bulk', { ids: [a], action: 'export' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="contacts-selection.csv"');
    // fetch's text() drops a BOM: read the bytes themselves.
    const raw = await fetch(new URL('/api/admin/leads/bulk', admin.baseUrl), {
      method: 'POST',
      headers: { origin: admin.baseUrl, cookie: admin.cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [a], action: 'export' }),
    });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true })
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe(
      "ID;Prénom;Nom;Email;Téléphone;Société;Pays;Ville;Type;Source;Statut;Tags;Message;Notes internes;Date d'inscription;Dernier contact;Prochaine relance;Origine;Origine : source;Origine : support;Origine : campagne;Origine : site référent;Origine : page d'arrivée;Origine : date",
    );
    expect(lines[1]).toBe(`${a};Zoé;"'=HYPERLINK(""x"")";zoe@example.ch;079 000 00 00;;;;Contact;Webinaire;Qualifié;vip, suisse;;;01.07.2026 12:05;;;;;;;;;`);
    expect(lines).toHaveLength(3);
    const events = await app.knex('audit_events').where({ type: 'leads_bulk_updated' });
    expect(events.map((event) => event.details)).toEqual([
      { action: 'export', selected: 1, changed: 1 },
      { action: 'export', selected: 1, changed: 1 },
    ]);
  });
});

describe('GET {base}/leads?createdFrom&createdTo', () => {
  it('keeps the contacts created on the days of the range, in Swiss time', async () => {
    // 30 Nov 23:30 in Zurich is 22:30 UTC; 1 Dec 00:30 in Zurich is 30 Nov 23:30 UTC.
    await insertLead({ firstName: 'Avant', createdAt: new Date('2026-11-30T22:30:00Z') });
    await insertLead({ firstName: 'Premier', createdAt: new Date('2026-11-30T23:30:00Z') });
    await insertLead({ firstName: 'Dernier', createdAt: new Date('2026-12-02T22:59:00Z') });
    await insertLead({ firstName: 'Après', createdAt: new Date('2026-12-02T23:00:00Z') });
    const names = async (query: Record<string, string>) => (await admin.get('/api/admin/leads', { query })).body.leads.map((lead: { firstName: string }) => lead.firstName);
    expect(await names({ createdFrom: '2026-12-01', createdTo: '2026-12-02' })).toEqual(['Dernier', 'Premier']);
    expect(await names({ createdFrom: '2026-12-01' })).toEqual(['Après', 'Dernier', 'Premier']);
    expect(await names({ createdTo: '2026-11-30' })).toEqual(['Avant']);
    const page = await admin.get('/api/admin-dev/leads', { query: { createdFrom: '2026-12-01', createdTo: '2026-12-01' } });
    expect(page.body.pagination.total).toBe(1);
  });

  it('refuses a malformed date and a range ending before it starts', async () => {
    const bad = await admin.get('/api/admin/leads', { query: { createdFrom: '01.12.2026' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'createdFrom', message: 'La date « du » doit être une date valide (AAAA-MM-JJ).' }]);
    const reversed = await admin.get('/api/admin/leads', { query: { createdFrom: '2026-12-02', createdTo: '2026-12-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([{ path: 'createdTo', message: 'La date « au » doit être postérieure ou égale à la date « du ».' }]);
  });
});
