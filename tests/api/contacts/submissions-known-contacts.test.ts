/**
 * Known contacts (decision 020): a public submission never rewrites what the team knows about a contact, and its answer never
 * tells whether an email is already known or registered.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

beforeEach(async () => {
  await app.emptyTables('webinars', 'leads');
});

/** A contact as the team keeps it in the back office. */
const CLAIRE = {
  firstName: 'Claire',
  lastName: 'Rochat',
  email: 'claire.rochat@example.ch',
  phone: '+41 21 555 00 11',
  company: 'Rochat & Fils SA',
  message: 'Premier échange au salon.',
  type: 'contact',
  source: 'referral',
  status: 'qualified',
  notes: 'Rappeler en janvier.',
};

async function knownContact(fields: Record<string, unknown> = {}) {
  const [row] = await app
    .knex('leads')
    .insert({ ...CLAIRE, ...fields })
    .returning('*');
  return row;
}

async function createWebinar(fields: Record<string, unknown> = {}) {
  const [row] = await app
    .knex('webinars')
    .insert({ title: 'Les 4 hormones du bonheur', description: 'Webinaire gratuit', datetime: new Date(Date.now() + 7 * 86_400_000), ...fields })
    .returning('*');
  return row;
}

async function notesOf(leadId: number) {
  return app.knex('activities').where({ leadId }).orderBy('id');
}

function postForm(fields: Record<string, string>) {
  return app.client().request('POST', '/api/leads', {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('a visitor cannot rewrite a known contact', () => {
  it('keeps every stored field when "Pirate" posts a contact request with that email, and notes what was typed', async () => {
    const claire = await knownContact();
    const response = await app.client().post('/api/leads', {
      firstName: 'Pirate',
      lastName: 'Barbe-Noire',
      email: 'CLAIRE.ROCHAT@example.ch',
      phone: '+41 79 000 00 00',
      company: 'Pirates Sàrl',
      message: 'Changez mes coordonnées.',
      type: 'contact',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ status: 'received', registration: null, notice: null });

    const stored = await app.knex('leads').where({ id: claire.id }).first();
    // Every field as the team stored it.
    expect(stored).toMatchObject(CLAIRE);
    const [note] = await notesOf(claire.id);
    expect(note).toMatchObject({ type: 'note', status: 'completed', title: 'Demande de contact' });
    expect(note.description).toBe(
      ['Changez mes coordonnées.', '', 'Prénom indiqué : Pirate', 'Nom indiqué : Barbe-Noire', 'Téléphone indiqué : +41 79 000 00 00', 'Société indiquée : Pirates Sàrl'].join('\n'),
    );
  });

  it('fills only the fields that were empty, and then has nothing to point out', async () => {
    const claire = await knownContact({ lastName: null, phone: null, company: '', message: null });
    const { firstName, lastName, email, company } = CLAIRE;
    await app.client().post('/api/leads', { firstName, lastName, email, company, phone: '+41 79 111 22 33', message: 'Je voudrais un rendez-vous.', type: 'contact' });
    const stored = await app.knex('leads').where({ id: claire.id }).first();
    expect(stored).toMatchObject({ lastName: 'Rochat', phone: '+41 79 111 22 33', company: 'Rochat & Fils SA', message: 'Je voudrais un rendez-vous.' });
    const [note] = await notesOf(claire.id);
    expect(note.description).toBe('Je voudrais un rendez-vous.');
  });

  it('does not point out a phone typed with other spacing, but does point out a different name', async () => {
    const claire = await knownContact();
    await app.client().post('/api/leads', { firstName: 'Clara', email: 'claire.rochat@example.ch', phone: '+41215550011', type: 'contact' });
    const [note] = await notesOf(claire.id);
    expect(note.description).toBe('Prénom indiqué : Clara');
    expect((await app.knex('leads').where({ id: claire.id }).first()).phone).toBe('+41 21 555 00 11');
  });

  it('treats the footer newsletter form the same way: nothing replaced, the message and the name kept in the note', async () => {
    const claire = await knownContact();
    // What the footer form sent before it became the newsletter subscription (decision 062): still a valid submission.
    const response = await app.client().post('/api/leads', {
      firstName: 'Inconnu',
      email: 'claire.rochat@example.ch',
      message: 'Inscription aux nouvelles depuis le pied de page.',
      type: 'contact',
    });
    expect(response.body).toEqual({ status: 'received', registration: null, notice: null });
    expect(await app.knex('leads').where({ id: claire.id }).first()).toMatchObject({ firstName: 'Claire', message: 'Premier échange au salon.' });
    const [note] = await notesOf(claire.id);
    expect(note.description).toBe('Inscription aux nouvelles depuis le pied de page.\n\nPrénom indiqué : Inconnu');
  });

  it('keeps the contact as it is when a webinar sign-up uses a known email, registers it and notes what differs', async () => {
    const claire = await knownContact();
    const webinar = await createWebinar();
    const response = await app.client().post('/api/leads', { firstName: 'Pirate', email: 'claire.rochat@example.ch', company: 'Autre SA', type: 'webinar' });
    expect(response.body).toEqual({ status: 'received', registration: { webinarId: webinar.id, status: 'registered' }, notice: null });
    expect(await app.knex('leads').where({ id: claire.id }).first()).toMatchObject({ firstName: 'Claire', company: 'Rochat & Fils SA', type: 'contact', source: 'referral' });
    const [note] = await notesOf(claire.id);
    expect(note).toMatchObject({ title: 'Inscription au webinaire', description: 'Prénom indiqué : Pirate\nSociété indiquée : Autre SA' });
    expect(await app.knex('webinarRegistrations').where({ leadId: claire.id, webinarId: webinar.id })).toHaveLength(1);
  });
});

describe('simultaneous submissions of one new email', () => {
  it('create one contact with the first name that won, and every other note names what its visitor typed', async () => {
    const names = Array.from({ length: 8 }, (_, index) => `Prénom${index}`);
    const responses = await Promise.all(names.map((firstName) => app.client().post('/api/leads', { firstName, email: 'course@example.ch', type: 'contact' })));
    expect(responses.map((response) => response.status)).toEqual(names.map(() => 201));
    const leads = await app.knex('leads').where({ email: 'course@example.ch' });
    expect(leads).toHaveLength(1);
    const notes = await notesOf(leads[0].id);
    expect(notes).toHaveLength(8);
    const pointedOut = notes
      .map((note) => note.description)
      .filter(Boolean)
      .sort();
    expect(pointedOut).toEqual(
      names
        .filter((name) => name !== leads[0].firstName)
        .map((name) => `Prénom indiqué : ${name}`)
        .sort(),
    );
  });
});

describe('the answer never tells whether an email is known or registered', () => {
  it('answers a known email exactly like a new one, without any contact id', async () => {
    await knownContact();
    const known = await app.client().post('/api/leads', { firstName: 'Claire', email: 'claire.rochat@example.ch', type: 'contact' });
    const unknown = await app.client().post('/api/leads', { firstName: 'Nadia', email: 'nadia.nouvelle@example.ch', type: 'contact' });
    expect(known.status).toBe(201);
    expect(unknown.status).toBe(201);
    expect(known.body).toEqual(unknown.body);
    expect(Object.keys(known.body).sort()).toEqual(['notice', 'registration', 'status']);
    expect(known.text).not.toMatch(/"id"/);
  });

  it('answers a registered person signing up again exactly like a first sign-up', async () => {
    const webinar = await createWebinar();
    const first = await app.client().post('/api/leads', { firstName: 'Marc', email: 'marc@example.ch', type: 'webinar' });
    const repeated = await app.client().post('/api/leads', { firstName: 'Marc', email: 'marc@example.ch', type: 'webinar' });
    const stranger = await app.client().post('/api/leads', { firstName: 'Zoé', email: 'zoe@example.ch', type: 'webinar' });
    expect(first.body).toEqual({ status: 'received', registration: { webinarId: webinar.id, status: 'registered' }, notice: null });
    expect(repeated.body).toEqual(first.body);
    expect(stranger.body).toEqual(first.body);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id })).toHaveLength(2);
  });

  it('gives the same "full" answer to a registered person and to a stranger once the webinar is full; the seat is kept', async () => {
    const webinar = await createWebinar({ maxAttendees: 1 });
    await app.client().post('/api/leads', { firstName: 'Marc', email: 'marc@example.ch', type: 'webinar' });
    const registeredAgain = await app.client().post('/api/leads', { firstName: 'Marc', email: 'marc@example.ch', type: 'webinar' });
    const stranger = await app.client().post('/api/leads', { firstName: 'Zoé', email: 'zoe@example.ch', type: 'webinar' });
    expect(stranger.body).toEqual({ status: 'received', registration: { webinarId: webinar.id, status: 'waitlisted' }, notice: expect.stringMatching(/complet/) });
    expect(registeredAgain.body).toEqual(stranger.body);
    const marc = await app.knex('leads').where({ email: 'marc@example.ch' }).first();
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id, leadId: marc.id, status: 'registered' })).toHaveLength(1);
  });

  it('gives the same "none planned" answer to everyone when no webinar is upcoming', async () => {
    await knownContact();
    const known = await app.client().post('/api/leads', { firstName: 'Claire', email: 'claire.rochat@example.ch', type: 'webinar' });
    const unknown = await app.client().post('/api/leads', { firstName: 'Nadia', email: 'nadia@example.ch', type: 'webinar' });
    expect(known.body).toEqual({ status: 'received', registration: null, notice: expect.stringMatching(/aucun webinaire n'est programmé/) });
    expect(unknown.body).toEqual(known.body);
  });

  it('redirects a no-JavaScript post of a known email exactly like one of a new email', async () => {
    await knownContact();
    await createWebinar();
    const known = await postForm({ firstName: 'Claire', email: 'claire.rochat@example.ch', type: 'webinar' });
    const again = await postForm({ firstName: 'Claire', email: 'claire.rochat@example.ch', type: 'webinar' });
    const unknown = await postForm({ firstName: 'Nadia', email: 'nadia@example.ch', type: 'webinar' });
    expect(known.status).toBe(303);
    expect(known.headers.get('location')).toBe('/merci/?type=webinar');
    expect(again.headers.get('location')).toBe(known.headers.get('location'));
    expect(unknown.headers.get('location')).toBe(known.headers.get('location'));
  });

  it('replays a retried sign-up with the first answer, even after the webinar filled up meanwhile', async () => {
    const webinar = await createWebinar({ maxAttendees: 1 });
    const headers = { 'idempotency-key': 'inscription-avant-complet' };
    const first = await app.client().post('/api/leads', { firstName: 'Marc', email: 'marc@example.ch', type: 'webinar' }, { headers });
    const retry = await app.client().post('/api/leads', { firstName: 'Marc', email: 'marc@example.ch', type: 'webinar' }, { headers });
    expect(first.body).toEqual({ status: 'received', registration: { webinarId: webinar.id, status: 'registered' }, notice: null });
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await app.knex('activities').select('id')).toHaveLength(1);
  });

  it('answers a robot filling the honeypot exactly like a person, storing nothing', async () => {
    const webinar = await createWebinar({ maxAttendees: 2 });
    const person = await app.client().post('/api/leads', { firstName: 'Marc', email: 'marc@example.ch', type: 'webinar' });
    const robot = await app.client().post('/api/leads', { firstName: 'Bot', email: 'bot@example.ch', type: 'webinar', website: 'https://spam.example' });
    expect(robot.status).toBe(201);
    expect(robot.body).toEqual(person.body);
    expect(robot.body.registration).toEqual({ webinarId: webinar.id, status: 'registered' });
    await app.client().post('/api/leads', { firstName: 'Zoé', email: 'zoe@example.ch', type: 'webinar' });
    const personWhenFull = await app.client().post('/api/leads', { firstName: 'Nadia', email: 'nadia@example.ch', type: 'webinar' });
    const robotWhenFull = await app.client().post('/api/leads', { firstName: 'Bot', email: 'bot@example.ch', type: 'webinar', website: 'x' });
    expect(robotWhenFull.body).toEqual(personWhenFull.body);
    expect(await app.knex('leads').where({ email: 'bot@example.ch' })).toHaveLength(0);
  });
});
