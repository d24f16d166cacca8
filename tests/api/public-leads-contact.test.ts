/** POST /api/leads from the contact form: one contact per email, trimmed fields, and each bad field refused in French. */
import { describe, expect, it } from 'vitest';
import { setUpPublicLeadsTests, app, RECEIVED, CONTACT, leadByEmail } from './public-leads-support.ts';

setUpPublicLeadsTests();

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
