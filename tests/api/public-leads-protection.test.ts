/** POST /api/leads against robots, pages without JavaScript and retries: the honeypot, the HTML form fallback with 303, and the Idempotency-Key replay. */
import { describe, expect, it } from 'vitest';
import { setUpPublicLeadsTests, app, RECEIVED, CONTACT, leadByEmail, createWebinar } from './public-leads-support.ts';

setUpPublicLeadsTests();

describe('POST /api/leads — honeypot and HTML form fallback', () => {
  it('pretends success and stores nothing when the hidden website field is filled', async () => {
    const response = await app.client().post('/api/leads', { ...CONTACT, website: 'https://spam.example' });
    expect(response.status).toBe(201);
    expect(await app.knex('leads').select('id')).toHaveLength(0);
    expect(await app.knex('activities').select('id')).toHaveLength(0);
  });

  it('accepts an empty website field as a person would send it', async () => {
    const response = await app.client().post('/api/leads', { ...CONTACT, website: '' });
    expect(response.status).toBe(201);
    expect(await app.knex('leads').select('id')).toHaveLength(1);
  });

  function postForm(fields: Record<string, string>) {
    return app.client().request('POST', '/api/leads', {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  it('answers a form post without JavaScript with 303 to the thank-you page', async () => {
    const response = await postForm({ firstName: 'Léa', lastName: 'Favre', email: 'lea.form@example.ch', phone: '', message: 'Par formulaire', type: 'contact', website: '' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/merci/?type=contact');
    expect(await leadByEmail('lea.form@example.ch')).toMatchObject({ firstName: 'Léa', phone: null, message: 'Par formulaire' });
  });

  it('splits the contact form’s full name at the first space when no script did it', async () => {
    const response = await postForm({ fullName: '  Léa   Favre-Morel de Rham ', email: 'lea.nom@example.ch', phone: '+41 21 555 12 12', type: 'contact' });
    expect(response.status).toBe(303);
    expect(await leadByEmail('lea.nom@example.ch')).toMatchObject({ firstName: 'Léa', lastName: 'Favre-Morel de Rham' });
  });

  it('answers an invalid form post with 303 to the error page carrying the French message', async () => {
    const response = await postForm({ firstName: 'Marc', email: 'pas-un-email', type: 'webinar' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, app.url);
    expect(location.pathname).toBe('/erreur-envoi/');
    expect(location.searchParams.get('type')).toBe('webinar');
    expect(location.searchParams.get('message')).toBe('Email invalide');
    expect(await app.knex('leads').select('id')).toHaveLength(0);
  });

  it('tells a no-JavaScript webinar visitor when no webinar is upcoming', async () => {
    const response = await postForm({ firstName: 'Marc', email: 'marc.form@example.ch', type: 'webinar' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, app.url);
    expect(location.pathname).toBe('/merci/');
    expect(location.searchParams.get('type')).toBe('webinar');
    expect(location.searchParams.get('message')).toMatch(/aucun webinaire/);
  });

  it('pretends success to a robot posting the form with the honeypot filled', async () => {
    const response = await postForm({ firstName: 'Bot', email: 'bot@example.ch', type: 'contact', website: 'http://spam' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/merci/?type=contact');
    expect(await app.knex('leads').select('id')).toHaveLength(0);
  });
});

describe('POST /api/leads — Idempotency-Key', () => {
  it('replays the first answer for a retry with the same key instead of logging a second submission', async () => {
    const headers = { 'idempotency-key': '5f0c2a4e-9a9b-4c39-8f1e-2b7f6f0f5a11' };
    const first = await app.client().post('/api/leads', CONTACT, { headers });
    const retry = await app.client().post('/api/leads', CONTACT, { headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await app.knex('activities').select('id')).toHaveLength(1);
  });

  it('creates one contact and one note for a double click sent at the same moment', async () => {
    const headers = { 'idempotency-key': 'double-clic-0001' };
    const answers = await Promise.all([1, 2, 3].map(() => app.client().post('/api/leads', { ...CONTACT, email: 'double@example.ch' }, { headers })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers.map((answer) => answer.body)).toEqual([RECEIVED, RECEIVED, RECEIVED]);
    const leads = await app.knex('leads').where({ email: 'double@example.ch' }).select('id');
    expect(leads).toHaveLength(1);
    expect(await app.knex('activities').where({ leadId: leads[0].id }).select('id')).toHaveLength(1);
  });

  it('refuses the same key with a different payload with 422, storing nothing more', async () => {
    const headers = { 'idempotency-key': 'cle-reutilisee-42' };
    expect((await app.client().post('/api/leads', CONTACT, { headers })).status).toBe(201);
    const reused = await app.client().post('/api/leads', { ...CONTACT, message: 'Autre chose' }, { headers });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe("Cette clé d'idempotence a déjà servi pour une autre demande.");
    expect(await app.knex('activities').select('id')).toHaveLength(1);
  });

  it('replays a webinar sign-up with its registration, without a second note or registration', async () => {
    await createWebinar({ title: 'Prochain' });
    const headers = { 'idempotency-key': 'inscription-webinaire-7' };
    const lead = { firstName: 'Marc', email: 'marc.rejoue@example.ch', type: 'webinar' };
    const first = await app.client().post('/api/leads', lead, { headers });
    const retry = await app.client().post('/api/leads', lead, { headers });
    expect(first.status).toBe(201);
    expect(first.body.registration).toMatchObject({ status: 'registered' });
    expect(retry.body).toEqual(first.body);
    expect(await app.knex('webinarRegistrations').select('id')).toHaveLength(1);
    expect(await app.knex('activities').select('id')).toHaveLength(1);
  });

  it('refuses a malformed key with a French 400', async () => {
    const response = await app.client().post('/api/leads', CONTACT, { headers: { 'idempotency-key': 'court' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/Idempotency-Key/);
  });
});
