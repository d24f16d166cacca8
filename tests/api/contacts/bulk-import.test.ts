/** `POST {base}/leads/import`: CSV import of contacts (decisions 075, 076). */
import { describe, expect, it } from 'vitest';
import { setUpAppWithUsers, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
setUpAppWithUsers(['leads', 'audit_events'], (users) => ({ app, admin, member } = users));

function sendCsv(body: string | Uint8Array, query: Record<string, string | number> = {}, client = admin) {
  return client.request('POST', '/api/admin/leads/import', { body, query: { dryRun: 'false', ...query }, headers: { 'content-type': 'text/csv' } });
}

const leads = () => app.knex('leads').orderBy('email').select('firstName', 'lastName', 'email', 'phone', 'company', 'source', 'status', 'tags');
const leadCounts = async () =>
  Object.fromEntries(
    (await app.knex.raw<{ rows: Array<{ status: string; total: string }> }>('select status, sum(delta) as total from lead_counts group by status')).rows
      .filter((row) => Number(row.total) !== 0)
      .map((row) => [row.status, Number(row.total)]),
  );

describe('reading the file', () => {
  it('reads a comma-separated UTF-8 file with English headers', async () => {
    const response = await sendCsv('First name,Last name,E-mail,Phone,Company\nZoé,Favre,zoe@example.ch,+41 79 111 22 33,Atelier\n');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ dryRun: false, encoding: 'utf-8', delimiter: ',', rows: 1, created: 1, completed: 0, skipped: 0, invalid: 0, errors: [] });
    expect(response.body.columns).toEqual([
      { header: 'First name', field: 'firstName' },
      { header: 'Last name', field: 'lastName' },
      { header: 'E-mail', field: 'email' },
      { header: 'Phone', field: 'phone' },
      { header: 'Company', field: 'company' },
    ]);
    expect(await leads()).toEqual([{ firstName: 'Zoé', lastName: 'Favre', email: 'zoe@example.ch', phone: '+41 79 111 22 33', company: 'Atelier', source: 'other', status: 'new', tags: [] }]);
  });

  it('reads a semicolon-separated file with a BOM, French headers, quoted separators and line breaks', async () => {
    const csv =
      '\uFEFFPrénom;Nom;Courriel;Téléphone;Société;Statut;Source;Tags;Commentaire\r\n' + 'Léa;Muller;LEA@example.ch;;"Muller; fils";Qualifié;Recommandation;vip, Suisse romande;"Deux\r\nlignes"\r\n';
    const response = await sendCsv(csv);
    expect(response.body).toMatchObject({ encoding: 'utf-8', delimiter: ';', created: 1 });
    expect(response.body.columns.map((column: { field: string }) => column.field)).toEqual(['firstName', 'lastName', 'email', 'phone', 'company', 'status', 'source', 'tags', 'message']);
    const [lead] = await app.knex('leads').select('*');
    expect(lead).toMatchObject({
      firstName: 'Léa',
      email: 'lea@example.ch',
      company: 'Muller; fils',
      status: 'qualified',
      source: 'referral',
      tags: ['vip', 'Suisse romande'],
      message: 'Deux\r\nlignes',
      phone: null,
    });
  });

  it('detects Windows-1252 (Excel on Windows) and decodes its accents', async () => {
    const bytes = new Uint8Array(Buffer.from('Prénom;Nom;E-mail;Société\r\nZoé;Bürki;zoe@example.ch;Crèmerie Gruyère\r\n', 'latin1'));
    const response = await sendCsv(bytes);
    expect(response.body).toMatchObject({ encoding: 'windows-1252', delimiter: ';', created: 1 });
    expect(response.body.columns[0]).toEqual({ header: 'Prénom', field: 'firstName' });
    expect(await leads()).toMatchObject([{ firstName: 'Zoé', lastName: 'Bürki', company: 'Crèmerie Gruyère' }]);
  });

  it('takes an explicit column mapping instead of the guess, ignoring the columns left empty', async () => {
    const response = await sendCsv('A,B,C,D\nAnne,anne@example.ch,secret,Genève\n', { columns: 'firstName,email,,city' });
    expect(response.body.columns).toEqual([
      { header: 'A', field: 'firstName' },
      { header: 'B', field: 'email' },
      { header: 'C', field: null },
      { header: 'D', field: 'city' },
    ]);
    const [lead] = await app.knex('leads').select('*');
    expect(lead).toMatchObject({ firstName: 'Anne', email: 'anne@example.ch', city: 'Genève', notes: null, message: null });
  });

  it('refuses a mapping without first name or email, an unknown field, a field used twice, a non-CSV body and an empty file', async () => {
    expect((await sendCsv('Nom,Email\nMuller,a@example.ch\n')).body.message).toBe('Associez une colonne au prénom et une à l’email : ces deux champs sont obligatoires.');
    const unknown = await sendCsv('a,b\nx,y\n', { columns: 'firstName,password' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('columns.1');
    const twice = await sendCsv('a,b\nx,y\n', { columns: 'email,email' });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].message).toBe('Un champ ne peut être associé qu’à une seule colonne.');
    const json = await admin.post('/api/admin/leads/import', { firstName: 'Anne' });
    expect(json.status).toBe(415);
    expect((await sendCsv('')).status).toBe(400);
    expect(await leads()).toEqual([]);
  });

  it('answers 401 signed out and 403 to a non-admin, on both bases, and refuses a CSV body elsewhere', async () => {
    for (const base of ['/api/admin', '/api/admin-dev']) {
      const url = `${base}/leads/import`;
      const options = { body: 'Prénom,Email\nA,a@example.ch\n', headers: { 'content-type': 'text/csv' } };
      expect((await app.client().request('POST', url, options)).status).toBe(401);
      expect((await member.request('POST', url, options)).status).toBe(403);
    }
    const elsewhere = await admin.request('POST', '/api/admin/leads', { body: 'Prénom,Email\nA,a@example.ch\n', headers: { 'content-type': 'text/csv' } });
    expect(elsewhere.status).toBe(415);
    expect(await leads()).toEqual([]);
  });
});

describe('rows', () => {
  const file = [
    'Prénom,Nom,Email,Téléphone,Statut',
    'Anne,Meier,anne@example.ch,+41 79 000 00 01,nouveau',
    'B,Court,b@example.ch,,',
    'Carla,,pas-un-email,abc,perdu',
    ',,,,',
    'David,,david@example.ch,,',
    'Dédé,,DAVID@example.ch,,',
  ].join('\n');

  it('dry run: previews each row with its errors (same messages as the form), counts, and writes nothing', async () => {
    const response = await sendCsv(file, { dryRun: 'true', firstRow: 2 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ dryRun: true, rows: 5, created: 2, completed: 0, skipped: 1, invalid: 2 });
    expect(response.body.errors).toEqual([
      { row: 3, errors: [{ path: 'firstName', message: 'Le prénom doit comporter au moins 2 caractères' }] },
      {
        row: 4,
        errors: [
          { path: 'email', message: 'Email invalide' },
          { path: 'phone', message: 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et les signes + ( ) - .' },
          { path: 'status', message: "Le statut doit être l'une des valeurs suivantes : Nouveau, Contacté, Qualifié, Non qualifié." },
        ],
      },
    ]);
    expect(response.body.preview[0]).toEqual({
      row: 2,
      values: { firstName: 'Anne', lastName: 'Meier', email: 'anne@example.ch', phone: '+41 79 000 00 01', status: 'nouveau' },
      errors: [],
    });
    expect(response.body.preview.map((row: { row: number }) => row.row)).toEqual([2, 3, 4, 6, 7]);
    expect(await leads()).toEqual([]);
    expect(await app.knex('audit_events').where({ type: 'leads_imported' })).toHaveLength(0);
  });

  it('numbers the rows of a later chunk from firstRow', async () => {
    const response = await sendCsv('Prénom,Email\nAnne,anne@example.ch\nX,x@example.ch\n', { dryRun: 'true', firstRow: 1002 });
    expect(response.body.errors.map((error: { row: number }) => error.row)).toEqual([1003]);
  });

  it('imports the valid rows, records the counts in the audit log, and keeps lead_counts exact', async () => {
    const response = await sendCsv(file);
    expect(response.body).toMatchObject({ dryRun: false, rows: 5, created: 2, completed: 0, skipped: 1, invalid: 2 });
    expect((await leads()).map((lead) => lead.email)).toEqual(['anne@example.ch', 'david@example.ch']);
    const [event] = await app.knex('audit_events').where({ type: 'leads_imported' });
    expect(event.details).toEqual({ rows: 5, created: 2, completed: 0, skipped: 1, invalid: 2, firstRow: 2 });
    expect(await leadCounts()).toEqual({ new: 2 });
  });

  it('never overwrites a known contact, only completes its empty fields, and the same import twice changes nothing', async () => {
    await app.knex('leads').insert({ firstName: 'Anne', lastName: 'Ancienne', email: 'Anne@Example.ch', status: 'contacted', source: 'form', tags: [] });
    await app.knex('leads').insert({ firstName: 'Bea', email: 'bea@example.ch', phone: '+41 21 000 00 00', company: 'Gardée', tags: ['client'] });
    const csv =
      'Prénom,Nom,Email,Téléphone,Société,Statut,Tags\n' +
      'Annette,Nouvelle,anne@example.ch,+41 79 999 99 99,Nouvelle SA,qualified,vip\n' +
      'Beatrix,,bea@example.ch,+41 79 888 88 88,Autre SA,,vip\n' +
      'Cléo,,cleo@example.ch,,,,\n';
    const dry = await sendCsv(csv, { dryRun: 'true' });
    expect(dry.body).toMatchObject({ created: 1, completed: 1, skipped: 1 });
    const first = await sendCsv(csv);
    expect(first.body).toMatchObject({ created: 1, completed: 1, skipped: 1, invalid: 0 });
    const after = await app.knex('leads').orderBy('email').select('*');
    expect(after[0]).toMatchObject({
      firstName: 'Anne',
      lastName: 'Ancienne',
      email: 'Anne@Example.ch',
      phone: '+41 79 999 99 99',
      company: 'Nouvelle SA',
      status: 'contacted',
      source: 'form',
      tags: ['vip'],
    });
    expect(after[1]).toMatchObject({ firstName: 'Bea', phone: '+41 21 000 00 00', company: 'Gardée', tags: ['client'] });
    const second = await sendCsv(csv);
    expect(second.body).toMatchObject({ created: 0, completed: 0, skipped: 3 });
    expect(await app.knex('leads').orderBy('email').select('*')).toEqual(after);
    expect(await leadCounts()).toEqual({ contacted: 1, new: 2 });
  });
});
