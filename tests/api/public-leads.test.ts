import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from './harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The answer to every contact request, whoever sends it (decision 020: it never tells whether an email is known). */
const RECEIVED = { status: 'received', registration: null, notice: null };

const CONTACT = {
  firstName: 'Léa',
  lastName: 'Favre',
  email: 'lea.favre@example.ch',
  phone: '+41 79 123 45 67',
  company: 'Favre Conseil SA',
  message: 'Je souhaite en savoir plus sur le programme.',
  type: 'contact',
};

async function leadByEmail(email: string) {
  return app.knex('leads').whereRaw('lower(email) = lower(?)', [email]).first();
}

async function createWebinar(fields: Record<string, unknown> = {}) {
  const [row] = await app
    .knex('webinars')
    .insert({
      title: 'Les 4 hormones du bonheur',
      description: 'Webinaire gratuit',
      datetime: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      ...fields,
    })
    .returning('*');
  return row;
}

beforeEach(async () => {
  await app.emptyTables('webinars', 'leads');
});

describe('POST /api/leads — contact form', () => {
  it('creates a new contact (status new, source form) with a completed note of the message', async () => {
    const response = await app.client().post('/api/leads', CONTACT);
    expect(response.status).toBe(201);
    expect(response.body).toEqual(RECEIVED);

    const lead = await leadByEmail(CONTACT.email);
    expect(lead).toMatchObject({
      firstName: 'Léa',
      lastName: 'Favre',
      phone: '+41 79 123 45 67',
      company: 'Favre Conseil SA',
      message: CONTACT.message,
      type: 'contact',
      source: 'form',
      status: 'new',
      tags: [],
    });
    const activities = await app.knex('activities').where({ leadId: lead.id });
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({
      type: 'note',
      status: 'completed',
      title: 'Demande de contact',
      description: CONTACT.message,
      createdBy: null,
    });
    expect(activities[0].completedAt).toBeInstanceOf(Date);
  });

  it('trims fields, lower-cases the email and ignores unknown fields', async () => {
    const response = await app.client().post('/api/leads', {
      ...CONTACT,
      firstName: '  Léa ',
      email: '  Lea.FAVRE@Example.CH ',
      status: 'qualified',
      notes: 'injection',
      tags: ['vip'],
      id: 999,
    });
    expect(response.status).toBe(201);
    const lead = await leadByEmail('lea.favre@example.ch');
    expect(lead).toMatchObject({ firstName: 'Léa', email: 'lea.favre@example.ch', status: 'new', notes: null, tags: [] });
    expect(lead.id).not.toBe(999);
  });

  it('treats empty optional fields as not given', async () => {
    const response = await app.client().post('/api/leads', { firstName: 'Léa', email: 'lea@example.ch', lastName: '', phone: '', company: ' ', message: '' });
    expect(response.status).toBe(201);
    const lead = await leadByEmail('lea@example.ch');
    expect(lead).toMatchObject({ lastName: null, phone: null, company: null, message: null, type: 'contact' });
  });

  it('keeps one contact per email: a second submission replaces nothing, blanks nothing, keeps the creation date, and its note says what differs', async () => {
    const first = await app.client().post('/api/leads', CONTACT);
    const created = await leadByEmail(CONTACT.email);
    const second = await app.client().post('/api/leads', {
      firstName: 'Léa-Marie',
      email: 'LEA.FAVRE@example.ch',
      phone: '',
      company: 'Nouvelle Société Sàrl',
      message: 'Deuxième message',
      type: 'contact',
    });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);

    const leads = await app.knex('leads').select('*');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      firstName: 'Léa',
      lastName: 'Favre',
      phone: '+41 79 123 45 67',
      company: 'Favre Conseil SA',
      message: CONTACT.message,
    });
    expect(leads[0].createdAt.toISOString()).toBe(created.createdAt.toISOString());

    const activities = await app.knex('activities').where({ leadId: created.id }).orderBy('id');
    expect(activities.map((activity) => activity.description)).toEqual([CONTACT.message, 'Deuxième message\n\nPrénom indiqué : Léa-Marie\nSociété indiquée : Nouvelle Société Sàrl']);
  });

  it('keeps one contact when the same email is submitted twice at the same time', async () => {
    const responses = await Promise.all([app.client().post('/api/leads', CONTACT), app.client().post('/api/leads', { ...CONTACT, email: CONTACT.email.toUpperCase(), message: 'En même temps' })]);
    expect(responses.map((response) => response.status)).toEqual([201, 201]);
    expect(await app.knex('leads').select('id')).toHaveLength(1);
    expect(await app.knex('activities').select('id')).toHaveLength(2);
  });
});

describe('POST /api/leads — validation', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing first name', { firstName: undefined }, 'firstName', 'Le prénom est obligatoire.'],
    ['a blank first name', { firstName: '   ' }, 'firstName', 'Le prénom est obligatoire.'],
    ['a first name over 100 characters', { firstName: 'L'.repeat(101) }, 'firstName', 'Le prénom ne doit pas dépasser 100 caractères.'],
    ['a missing email', { email: undefined }, 'email', "L'email est obligatoire."],
    ['an invalid email', { email: 'lea.favre@' }, 'email', 'Email invalide'],
    ['an email over 254 characters', { email: `${'a'.repeat(250)}@example.ch` }, 'email', "L'email ne doit pas dépasser 254 caractères."],
    ['letters in the phone', { phone: '079 abc' }, 'phone', 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et les signes + ( ) - .'],
    ['a phone over 40 characters', { phone: '1'.repeat(41) }, 'phone', 'Le numéro de téléphone ne doit pas dépasser 40 caractères.'],
    ['a company over 150 characters', { company: 'x'.repeat(151) }, 'company', "Le nom de l'entreprise ne doit pas dépasser 150 caractères."],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }, 'message', 'Le message ne doit pas dépasser 5000 caractères.'],
    ['an unknown type', { type: 'newsletter' }, 'type', "Le type de demande doit être l'une des valeurs suivantes : Contact, Webinaire."],
    ['a last name that is not text', { lastName: 42 }, 'lastName', 'Le nom doit être un texte.'],
  ];

  it.each(cases)('refuses %s with a French message', async (_label, change, path, message) => {
    const response = await app.client().post('/api/leads', { ...CONTACT, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Données invalides', errors: [{ path, message }] });
    expect(await app.knex('leads').select('id')).toHaveLength(0);
  });

  it('accepts the phone characters + ( ) - . and spaces', async () => {
    const response = await app.client().post('/api/leads', { ...CONTACT, phone: '+41 (0)79-123.45.67' });
    expect(response.status).toBe(201);
  });

  it('refuses a body that is not an object', async () => {
    const response = await app.client().post('/api/leads', ['Léa']);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Données invalides');
  });
});

describe('POST /api/leads — webinar sign-up', () => {
  const WEBINAR_LEAD = { firstName: 'Marc', lastName: 'Dubois', email: 'marc.dubois@example.ch', company: 'Dubois SA', type: 'webinar' };

  it('registers the new contact (source webinar) to the next upcoming active webinar', async () => {
    await createWebinar({ title: 'Plus tard', datetime: new Date(Date.now() + 30 * 24 * 3600 * 1000) });
    await createWebinar({ title: 'Inactif', isActive: false, datetime: new Date(Date.now() + 24 * 3600 * 1000) });
    await createWebinar({ title: 'Passé', datetime: new Date(Date.now() - 24 * 3600 * 1000) });
    const next = await createWebinar({ title: 'Le prochain', datetime: new Date(Date.now() + 2 * 24 * 3600 * 1000) });

    const response = await app.client().post('/api/leads', WEBINAR_LEAD);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ status: 'received', registration: { webinarId: next.id, status: 'registered' }, notice: null });
    const lead = await leadByEmail(WEBINAR_LEAD.email);
    expect(lead).toMatchObject({ type: 'webinar', source: 'webinar', status: 'new' });
    const activity = await app.knex('activities').where({ leadId: lead.id }).first();
    expect(activity).toMatchObject({ title: 'Inscription au webinaire', type: 'note', status: 'completed', description: null });
    expect(await app.knex('webinarRegistrations').where({ leadId: lead.id })).toHaveLength(1);
  });

  it('registers a lead only once per webinar, and still logs each submission', async () => {
    const webinar = await createWebinar();
    const first = await app.client().post('/api/leads', WEBINAR_LEAD);
    const again = await app.client().post('/api/leads', { ...WEBINAR_LEAD, email: 'Marc.Dubois@example.ch' });
    expect(again.status).toBe(201);
    expect(again.body.registration).toEqual({ webinarId: webinar.id, status: 'registered' });
    // A repeated sign-up is answered exactly like the first one (decision 020).
    expect(again.body).toEqual(first.body);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id })).toHaveLength(1);
    const lead = await leadByEmail(WEBINAR_LEAD.email);
    expect(await app.knex('activities').where({ leadId: lead.id })).toHaveLength(2);
  });

  it('still saves the contact and says so when no webinar is upcoming', async () => {
    await createWebinar({ datetime: new Date(Date.now() - 3600 * 1000) });
    const response = await app.client().post('/api/leads', WEBINAR_LEAD);
    expect(response.status).toBe(201);
    expect(response.body.registration).toBeNull();
    expect(response.body.notice).toMatch(/aucun webinaire n'est programmé/);
    expect(await leadByEmail(WEBINAR_LEAD.email)).toBeDefined();
  });

  it('puts the sign-up on the waiting list and says so when the webinar is full', async () => {
    const webinar = await createWebinar({ maxAttendees: 1 });
    await app.client().post('/api/leads', { ...WEBINAR_LEAD, email: 'premier@example.ch' });
    const response = await app.client().post('/api/leads', WEBINAR_LEAD);
    expect(response.status).toBe(201);
    expect(response.body.registration).toEqual({ webinarId: webinar.id, status: 'waitlisted' });
    expect(response.body.notice).toMatch(/complet : vous êtes sur la liste d'attente/);
    expect(await leadByEmail(WEBINAR_LEAD.email)).toBeDefined();
  });

  it('never goes beyond maxAttendees: 20 simultaneous sign-ups for 5 seats give exactly 5 registrations', async () => {
    const webinar = await createWebinar({ maxAttendees: 5 });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => app.client().post('/api/leads', { ...WEBINAR_LEAD, email: `participant${index}@example.ch` })));
    expect(responses.every((response) => response.status === 201)).toBe(true);
    expect(responses.filter((response) => response.body.registration?.status === 'registered')).toHaveLength(5);
    expect(responses.filter((response) => response.body.registration?.status === 'waitlisted')).toHaveLength(15);
    expect(responses.filter((response) => /complet/.test(response.body.notice ?? ''))).toHaveLength(15);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id, status: 'registered' })).toHaveLength(5);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id, status: 'waitlisted' })).toHaveLength(15);
    expect(await app.knex('leads').select('id')).toHaveLength(20);
  });
});

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

// PGlite has a single connection, so sign-ups are serialised there by construction; on PostgreSQL
// transactions really interleave. This test forces the worst interleaving: a table lock holds every
// sign-up right before its INSERT, after it has counted the seats taken.
if (process.env.TEST_DB === 'pg') {
  describe('webinar capacity on PostgreSQL, worst interleaving', () => {
    it('registers no more than maxAttendees when every sign-up counted the seats before any insert', async () => {
      const webinar = await createWebinar({ maxAttendees: 2 });
      const blocker = new pg.Client({ connectionString: app.config.databaseUrl });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table webinar_registrations in share row exclusive mode');
        const racing = Promise.all(Array.from({ length: 6 }, (_, index) => app.client().post('/api/leads', { firstName: 'Marc', email: `course${index}@example.ch`, type: 'webinar' })));
        // Wait until the pool's connections are blocked (on the table lock or on the webinar row).
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          const { rows } = await blocker.query('select count(*)::int as waiting from pg_locks where not granted and database = (select oid from pg_database where datname = current_database())');
          if (rows[0].waiting >= 4) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await blocker.query('commit');
        const responses = await racing;
        expect(responses.filter((response) => response.body.registration?.status === 'registered')).toHaveLength(2);
      } finally {
        await blocker.end();
      }
      expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id, status: 'registered' })).toHaveLength(2);
    });
  });
}
