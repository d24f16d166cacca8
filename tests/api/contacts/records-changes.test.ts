/** A contact created, changed and deleted from the back office: POST, PATCH and DELETE {base}/leads. */
import { describe, expect, it } from 'vitest';
import { setUpAppWithUsers, type TestApp, type TestClient } from '../harness.ts';
import { insertLeadRow } from './lead-rows.ts';

let app: TestApp;
let admin: TestClient;
setUpAppWithUsers(['leads'], (users) => ({ app, admin } = users));

const insertLead = (fields: Record<string, unknown>) => insertLeadRow(app.knex, fields);

describe('POST {base}/leads', () => {
  const FORM = {
    firstName: 'Julien',
    lastName: 'Rochat',
    email: 'Julien.Rochat@Example.ch',
    phone: '021 555 66 77',
    company: 'Rochat & Fils',
    source: 'referral',
    status: 'contacted',
    message: 'Rencontré au salon',
    notes: 'Très intéressé',
  };

  it('creates a contact from the admin form and answers 201 with it', async () => {
    const response = await admin.post('/api/admin/leads', FORM);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ ...FORM, email: 'julien.rochat@example.ch', type: 'contact', tags: [], country: null });
    const stored = await app.knex('leads').where({ id: response.body.id }).first();
    expect(stored).toMatchObject({ email: 'julien.rochat@example.ch', notes: 'Très intéressé', status: 'contacted' });
  });

  it('applies the defaults: status new, source form; empty fields are not given', async () => {
    const response = await admin.post('/api/admin-dev/leads', { firstName: 'Jo', email: 'jo@example.ch', phone: '', company: '', source: '', status: '' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'new', source: 'form', phone: null, company: null });
  });

  it('answers 409 for an email already used, whatever its letter case', async () => {
    await admin.post('/api/admin/leads', FORM);
    const response = await admin.post('/api/admin/leads', { ...FORM, email: 'JULIEN.rochat@example.CH' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'Un contact avec cet email existe déjà.' });
  });

  it('creates one contact and answers 409 to the other when the same email is created twice at once', async () => {
    const responses = await Promise.all([admin.post('/api/admin/leads', FORM), admin.post('/api/admin/leads', FORM)]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await app.knex('leads').select('id')).toHaveLength(1);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a one-letter first name', { firstName: 'J' }, 'firstName', 'Le prénom doit comporter au moins 2 caractères'],
    ['a missing first name', { firstName: undefined }, 'firstName', 'Le prénom est obligatoire.'],
    ['an invalid email', { email: 'julien' }, 'email', 'Email invalide'],
    ['an unknown status', { status: 'gagné' }, 'status', "Le statut doit être l'une des valeurs suivantes : Nouveau, Contacté, Qualifié, Non qualifié."],
    ['an unknown source', { source: 'radio' }, 'source', "La source doit être l'une des valeurs suivantes : Formulaire, Webinaire, Recommandation, Site web, Réseaux sociaux, Autre."],
    ['an invalid phone', { phone: 'appelez-moi' }, 'phone', 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et les signes + ( ) - .'],
    ['an invalid follow-up date', { nextFollowUpAt: 'demain' }, 'nextFollowUpAt', 'La date de relance doit être une date valide (AAAA-MM-JJ ou date ISO 8601).'],
  ];
  it.each(invalid)('refuses %s', async (_label, change, path, message) => {
    const response = await admin.post('/api/admin/leads', { ...FORM, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Données invalides', errors: [{ path, message }] });
  });
});

describe('PATCH {base}/leads/{id}', () => {
  it('changes only the fields given and clears an optional field sent empty', async () => {
    const lead = await insertLead({ firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', phone: '079 111 22 33', company: 'Favre SA' });
    const response = await admin.patch(`/api/admin/leads/${lead.id}`, { status: 'qualified', phone: '', company: 'Favre Conseil' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ firstName: 'Léa', lastName: 'Favre', status: 'qualified', phone: null, company: 'Favre Conseil' });
    expect(new Date(response.body.updatedAt).getTime()).toBeGreaterThan(new Date(lead.updatedAt).getTime());
    expect(response.body.createdAt).toBe(lead.createdAt.toISOString());
  });

  it('applies the creation rules to the fields given', async () => {
    const lead = await insertLead({ firstName: 'Léa' });
    const response = await admin.patch(`/api/admin-dev/leads/${lead.id}`, { firstName: 'L', email: 'faux' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'firstName', message: 'Le prénom doit comporter au moins 2 caractères' },
      { path: 'email', message: 'Email invalide' },
    ]);
  });

  it('answers 409 when the new email belongs to another contact', async () => {
    await insertLead({ email: 'pris@example.ch' });
    const lead = await insertLead({ email: 'libre@example.ch' });
    const response = await admin.patch(`/api/admin/leads/${lead.id}`, { email: 'Pris@example.ch' });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Un contact avec cet email existe déjà.');
  });

  it('answers 404 for an unknown or non-numeric id', async () => {
    for (const id of ['424242', 'abc']) {
      const response = await admin.patch(`/api/admin/leads/${id}`, { firstName: 'Léa' });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Contact non trouvé');
    }
  });
});

describe('DELETE {base}/leads/{id}', () => {
  it('deletes the lead with its registrations and activities (204)', async () => {
    const lead = await insertLead({ firstName: 'Léa' });
    const [webinar] = await app.knex('webinars').insert({ title: 'W', datetime: new Date() }).returning('id');
    await app.knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId: lead.id });
    await app.knex('activities').insert({ leadId: lead.id, title: 'Appel' });
    const response = await admin.delete(`/api/admin-dev/leads/${lead.id}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await app.knex('leads').where({ id: lead.id })).toHaveLength(0);
    expect(await app.knex('webinarRegistrations').where({ leadId: lead.id })).toHaveLength(0);
    expect(await app.knex('activities').where({ leadId: lead.id })).toHaveLength(0);
    expect(await app.knex('webinars').where({ id: webinar.id })).toHaveLength(1);
    await app.knex('webinars').delete();
  });

  it('answers 404 the second time', async () => {
    const lead = await insertLead({});
    expect((await admin.delete(`/api/admin/leads/${lead.id}`)).status).toBe(204);
    const again = await admin.delete(`/api/admin/leads/${lead.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Contact non trouvé');
  });
});
