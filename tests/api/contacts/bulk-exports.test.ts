/**
 * CSV exports for Swiss spreadsheets: UTF-8 with BOM, `;`, CRLF, French headers, Swiss dates
 * (`dd.MM.yyyy HH:mm`, decision 085), phone numbers written without `+` (no apostrophe), tags
 * joined with ", ", other formula cells neutralised; the contacts' export keeps the list's filters; each
 * export is an audit event with the filters and the row count.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { ADMIN_API_BASES as BASES } from '../../../api/features/index.ts';
import { BATCH_SIZE } from '../../../api/platform/lib/csv-export.ts';
import { setUpAppWithUsers, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
setUpAppWithUsers(['webinars', 'leads', 'auditEvents'], (users) => ({ app, admin, member } = users));

const BOM = '\uFEFF';

/** The bytes as sent: fetch's `text()` would drop the BOM. */
async function download(client: TestClient, pathname: string, query: Record<string, string> = {}) {
  const url = new URL(pathname, client.baseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { cookie: client.cookieHeader } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { status: response.status, headers: response.headers, bytes, text, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined };
}

function rowsOf(text: string): string[][] {
  return parse(text, { bom: true, delimiter: ';', record_delimiter: '\r\n' }) as string[][];
}

async function insertLead(fields: Record<string, unknown>) {
  const [row] = await app
    .knex('leads')
    .insert({ firstName: 'Léa', source: 'form', ...fields })
    .returning('*');
  return row;
}

describe('access control', () => {
  for (const base of BASES) {
    it(`${base}: both exports answer 401 signed out, and a viewer (Lecture seule) may read them`, async () => {
      for (const path of ['/leads.csv', '/webinars/1/registrations.csv']) {
        expect((await app.client().get(`${base}${path}`)).status).toBe(401);
      }
      const viewer = await member.get(`${base}/leads.csv`);
      expect(viewer.status).toBe(200);
      expect(viewer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    });
  }
});

describe('GET {base}/leads.csv', () => {
  it('writes Swiss Excel CSV: BOM, semicolons, CRLF, French headers, Swiss dates, phones as text, joined tags, neutralised formulas', async () => {
    await insertLead({
      firstName: '=HYPERLINK("http://evil.example","clic")',
      lastName: 'Favre; "la grande"',
      email: 'lea@example.ch',
      phone: '+41 79 123 45 67',
      company: '@SUM(A1)',
      city: '\tGenève',
      status: 'qualified',
      source: 'webinar',
      tags: ['vip', 'suisse romande'],
      createdAt: new Date('2026-07-01T16:05:00Z'),
    });
    const response = await download(admin, '/api/admin/leads.csv');
    expect(response.status).toBe(200);
    expect([...response.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}-\d{4}\.csv"$/);
    expect(response.text.startsWith(BOM)).toBe(true);
    expect(response.text.split('\r\n')[0]).toBe(
      `${BOM}Prénom;Nom;Email;Téléphone;Société;Ville;Pays;Statut;Source;Tags;Créé le;Dernier contact;Origine;Origine : source;Origine : support;Origine : campagne;Origine : site référent;Origine : page d'arrivée;Origine : date`,
    );
    expect(response.text.replace(/\r\n/g, '')).not.toContain('\n');
    const [, row] = rowsOf(response.text);
    expect(row).toEqual([
      `'=HYPERLINK("http://evil.example","clic")`,
      'Favre; "la grande"',
      'lea@example.ch',
      // A Swiss number in the national format: no `+`, so no apostrophe.
      '079 123 45 67',
      `'@SUM(A1)`,
      `'\tGenève`,
      '',
      'Qualifié',
      'Webinaire',
      'vip, suisse romande',
      // 16:05 UTC is 18:05 in Zurich in summer; dd.MM.yyyy is what fr-CH and de-CH read as a date.
      '01.07.2026 18:05',
      '',
      // No first touch (decision 115): the seven "Origine" cells are empty.
      ...Array(7).fill(''),
    ]);
  });

  it('keeps the list’s search and filters, and records the export with them and the row count', async () => {
    for (const base of BASES) {
      await app.knex('leads').delete();
      await app.knex('auditEvents').delete();
      await insertLead({ firstName: 'Zoé', lastName: 'Favre', email: 'zoe@example.ch', status: 'new', source: 'webinar', tags: ['vip'] });
      await insertLead({ firstName: 'Zoé', lastName: 'Martin', email: 'zoe.m@example.ch', status: 'new', source: 'form', tags: ['vip'] });
      await insertLead({ firstName: 'Marc', email: 'marc@example.ch', status: 'new', source: 'webinar', tags: ['vip'] });
      const response = await download(admin, `${base}/leads.csv`, { search: 'zoe', source: 'webinar', tags: 'vip', status: 'new' });
      expect(response.status).toBe(200);
      const rows = rowsOf(response.text);
      expect(rows.slice(1).map((row) => row[2])).toEqual(['zoe@example.ch']);
      const events = await app.knex('auditEvents').where({ type: 'leads_exported' });
      expect(events).toHaveLength(1);
      expect(events[0].details).toEqual({ search: true, status: 'new', source: 'webinar', tags: 'vip', channel: null, campaign: null, createdAfter: null, rows: 1 });
      expect(events[0].userId).toEqual(expect.any(Number));
    }
  });

  it(`streams past one batch (${BATCH_SIZE} rows) without losing or repeating a row`, async () => {
    const count = BATCH_SIZE * 2 + 7;
    await app.knex.raw(`insert into leads (first_name, email, source) select 'P' || n, 'p' || n || '@example.ch', 'form' from generate_series(1, ?) as n`, [count]);
    const response = await admin.get('/api/admin/leads.csv');
    const emails = rowsOf(response.text)
      .slice(1)
      .map((row) => row[2]);
    expect(emails).toHaveLength(count);
    expect(new Set(emails).size).toBe(count);
    expect((await app.knex('auditEvents').where({ type: 'leads_exported' }).first()).details.rows).toBe(count);
  });

  it('refuses a bad filter in French before writing anything', async () => {
    const response = await admin.get('/api/admin/leads.csv', { query: { status: 'chaud' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('status');
    expect(await app.knex('auditEvents').where({ type: 'leads_exported' })).toHaveLength(0);
  });
});

describe('GET {base}/webinars/{id}/registrations.csv', () => {
  it('lists the registrations with their contact, status and Swiss date, and records the export', async () => {
    const [webinar] = await app
      .knex('webinars')
      .insert({ title: 'W', description: 'D', datetime: new Date('2027-01-10T17:00:00Z') })
      .returning('id');
    const lea = await insertLead({ firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', phone: '+33 6 12 34 56 78', company: '-1+1', tags: ['a', 'b'] });
    const marc = await insertLead({ firstName: 'Marc', email: 'marc@example.ch', phone: '+41791234567' });
    await app.knex('webinarRegistrations').insert([
      { webinarId: webinar.id, leadId: lea.id, status: 'attended', registeredAt: new Date('2026-12-01T08:30:00Z') },
      { webinarId: webinar.id, leadId: marc.id, status: 'waitlisted', registeredAt: new Date('2026-12-02T23:15:00Z') },
    ]);
    const response = await download(admin, `/api/admin-dev/webinars/${webinar.id}/registrations.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="inscriptions-webinaire-${webinar.id}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.csv"$`));
    expect(response.text.startsWith(BOM)).toBe(true);
    expect(response.text.endsWith('\r\n')).toBe(true);
    expect(rowsOf(response.text)).toEqual([
      ['Prénom', 'Nom', 'Email', 'Téléphone', 'Société', 'Statut', 'Inscrit le', 'Tags'],
      ['Léa', 'Favre', 'lea@example.ch', '0033 6 12 34 56 78', "'-1+1", 'Présent', '01.12.2026 09:30', 'a, b'],
      ['Marc', '', 'marc@example.ch', '079 123 45 67', '', 'En liste d’attente', '03.12.2026 00:15', ''],
    ]);
    const events = await app.knex('auditEvents').where({ type: 'registrations_exported' });
    expect(events.map((event) => event.details)).toEqual([{ webinarId: webinar.id, rows: 2 }]);
  });

  it('answers 404 for an unknown webinar, in JSON', async () => {
    const response = await admin.get('/api/admin/webinars/999999/registrations.csv');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Webinaire non trouvé');
  });
});
