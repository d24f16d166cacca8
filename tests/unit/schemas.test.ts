import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_STATUSES,
  ACTIVITY_STATUS_LABELS,
  ACTIVITY_TYPES,
  ACTIVITY_TYPE_LABELS,
  LEAD_SOURCES,
  LEAD_SOURCE_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  REGISTRATION_STATUSES,
  REGISTRATION_STATUS_LABELS,
  leadParamsSchema,
  leadTagParamsSchema,
  NOT_FOUND_ISSUE,
  webinarParamsSchema,
  parseId,
} from '#contract';
import { activityCreateSchema, contactFormSchema, leadCreateSchema, leadListQuerySchema, leadUpdateSchema, publicLeadSchema, tagSchema, webinarFormSchema } from '#contract/contacts';
import { loginSchema, setupAdminSchema } from '#contract/accounts';
import { webinarCreateSchema } from '#contract/webinars';

const API_DIR = path.resolve(import.meta.dirname, '../../api');
/** api/contract/ (the shared primitives) and every feature's contract/ folder (decision 135). */
const CONTRACT_DIRS = [
  path.join(API_DIR, 'contract'),
  ...readdirSync(path.join(API_DIR, 'features'))
    .map((feature) => path.join(API_DIR, 'features', feature, 'contract'))
    .filter((dir) => existsSync(dir)),
];

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('the shared schema module', () => {
  it('imports nothing but zod and the contracts (the models type-only), so the browser can bundle it', () => {
    const offending: string[] = [];
    for (const dir of CONTRACT_DIRS) {
      const shared = dir === CONTRACT_DIRS[0];
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
        const source = readFileSync(path.join(dir, file), 'utf8');
        for (const [, typeOnly, specifier] of source.matchAll(/^(?:import|export)\s(type\s)?[^;]*?from\s+'([^']+)'/gms)) {
          const allowed =
            ['zod', 'zod/locales'].includes(specifier!) ||
            specifier!.startsWith('./') ||
            (!shared &&
              (specifier!.startsWith('../../../contract/') ||
                /^\.\.\/\.\.\/[^./][^/]*\/contract\/index\.ts$/.test(specifier!) ||
                (typeOnly !== undefined && specifier!.startsWith('../../../models/'))));
          if (!allowed) offending.push(`${path.relative(API_DIR, dir)}/${file}: ${specifier}`);
        }
      }
    }
    expect(CONTRACT_DIRS.length).toBeGreaterThan(10);
    expect(offending).toEqual([]);
  });

  it('gives every option a French label, in the documented order', () => {
    expect(LEAD_STATUSES).toEqual(['new', 'contacted', 'qualified', 'unqualified']);
    expect(LEAD_SOURCES).toEqual(['form', 'webinar', 'referral', 'website', 'social', 'other']);
    expect(ACTIVITY_TYPES).toEqual(['note', 'call', 'email', 'meeting', 'task']);
    expect(ACTIVITY_STATUSES).toEqual(['planned', 'in_progress', 'completed', 'cancelled']);
    expect(REGISTRATION_STATUSES).toEqual(['registered', 'attended', 'no-show', 'waitlisted', 'cancelled']);
    expect(REGISTRATION_STATUS_LABELS).toEqual({ registered: 'Inscrit', attended: 'Présent', 'no-show': 'Absent', waitlisted: 'En liste d’attente', cancelled: 'Annulé' });
    expect(LEAD_SOURCE_LABELS.form).toBe('Formulaire');
    for (const labels of [LEAD_STATUS_LABELS, LEAD_SOURCE_LABELS, ACTIVITY_TYPE_LABELS, ACTIVITY_STATUS_LABELS]) {
      for (const label of Object.values(labels)) expect(label).toMatch(/^[A-ZÉ][\p{L} ]+$/u);
    }
  });
});

describe('publicLeadSchema and the public forms', () => {
  it('trims, lower-cases the email, drops unknown fields and blank optional ones', () => {
    const parsed = publicLeadSchema.parse({ firstName: ' Zoé ', email: ' Zoe@Example.CH ', lastName: '', phone: ' ', status: 'qualified', type: 'webinar' });
    expect(parsed).toEqual({ firstName: 'Zoé', email: 'zoe@example.ch', type: 'webinar' });
  });

  it('defaults the type to contact', () => {
    expect(publicLeadSchema.parse({ firstName: 'Léa', email: 'lea@example.ch' }).type).toBe('contact');
  });

  it('requires the phone on the contact form, with a French message', () => {
    expect(messages(contactFormSchema.safeParse({ firstName: 'Léa', email: 'lea@example.ch', phone: '' }))).toEqual([['phone', 'Le numéro de téléphone est obligatoire.']]);
    expect(contactFormSchema.parse({ firstName: 'Léa', email: 'lea@example.ch', phone: '079 123 45 67' }).type).toBe('contact');
  });

  it('sends type webinar from the webinar form', () => {
    expect(webinarFormSchema.parse({ firstName: 'Marc', email: 'marc@example.ch' }).type).toBe('webinar');
  });

  it('reports every invalid field at once', () => {
    expect(messages(publicLeadSchema.safeParse({ firstName: '', email: 'x', phone: 'abc' }))).toEqual([
      ['firstName', 'Le prénom est obligatoire.'],
      ['email', 'Email invalide'],
      ['phone', 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et les signes + ( ) - .'],
    ]);
  });
});

describe('admin lead schemas', () => {
  it('requires a first name of 2 characters and a valid email', () => {
    expect(messages(leadCreateSchema.safeParse({ firstName: 'J', email: 'pas-un-email' }))).toEqual([
      ['firstName', 'Le prénom doit comporter au moins 2 caractères'],
      ['email', 'Email invalide'],
    ]);
  });

  it('defaults status to new and source to form on creation only', () => {
    expect(leadCreateSchema.parse({ firstName: 'Jo', email: 'jo@example.ch' })).toMatchObject({ status: 'new', source: 'form', type: 'contact' });
    expect(leadUpdateSchema.parse({})).toEqual({});
  });

  it('clears optional fields sent blank in an update', () => {
    expect(leadUpdateSchema.parse({ phone: '', company: '  ', notes: null, status: '' })).toEqual({ phone: null, company: null, notes: null });
  });

  it('parses the list query: numbers from text, comma-joined tags, blank filters ignored', () => {
    expect(leadListQuerySchema.parse({ page: '3', limit: '25', tags: 'vip, genève,,', search: ' ', status: '' })).toEqual({
      page: 3,
      limit: 25,
      tags: ['vip', 'genève'],
    });
    expect(leadListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(messages(leadListQuerySchema.safeParse({ page: '0', limit: '500' }))).toEqual([
      ['page', 'La page doit être un nombre entier supérieur ou égal à 1.'],
      ['limit', 'La limite doit être un nombre entier compris entre 1 et 100.'],
    ]);
  });
});

describe('webinarCreateSchema', () => {
  const base = { title: 'Webinaire', description: 'Description', datetime: '2026-12-03T17:30:00.000Z' };

  it('applies the defaults of the create dialog', () => {
    expect(webinarCreateSchema.parse(base)).toEqual({ ...base, duration: 60, maxAttendees: 100, location: 'online', isActive: true });
  });

  it('bounds duration to 15-240 and maxAttendees to 1-1000', () => {
    expect(webinarCreateSchema.safeParse({ ...base, duration: 15, maxAttendees: 1 }).success).toBe(true);
    expect(webinarCreateSchema.safeParse({ ...base, duration: 240, maxAttendees: 1000 }).success).toBe(true);
    expect(messages(webinarCreateSchema.safeParse({ ...base, duration: 241, maxAttendees: 1001 }))).toEqual([
      ['duration', 'La durée doit être un nombre entier de minutes compris entre 15 et 240.'],
      ['maxAttendees', 'Le nombre maximum de participants doit être un nombre entier compris entre 1 et 1000.'],
    ]);
  });

  it('accepts only absolute http(s) URLs', () => {
    expect(webinarCreateSchema.safeParse({ ...base, imageUrl: 'https://exemple.ch/a.jpg', registrationUrl: 'http://exemple.ch' }).success).toBe(true);
    for (const url of ['ftp://exemple.ch', '/relatif', 'javascript:alert(1)', 'exemple.ch']) {
      expect(webinarCreateSchema.safeParse({ ...base, imageUrl: url }).success).toBe(false);
    }
  });
});

describe('activity, tag, login and setup schemas', () => {
  it('requires an activity title of 3 characters and known type and status', () => {
    expect(activityCreateSchema.parse({ title: 'Appel' })).toEqual({ title: 'Appel', type: 'note', status: 'planned' });
    expect(messages(activityCreateSchema.safeParse({ title: 'Ok', type: 'sms', status: 'fini' })).map(([field]) => field)).toEqual(['type', 'title', 'status']);
    expect(messages(activityCreateSchema.safeParse({ title: 'Ok' }))).toEqual([['title', 'Le titre doit comporter au moins 3 caractères']]);
  });

  it('accepts a due date from a date input', () => {
    expect(activityCreateSchema.parse({ title: 'Relance', dueDate: '2026-12-01' }).dueDate).toBe('2026-12-01');
  });

  it('trims tags and bounds them to 1-50 characters', () => {
    expect(tagSchema.parse({ tag: ' VIP ' })).toEqual({ tag: 'VIP' });
    expect(tagSchema.safeParse({ tag: ' ' }).success).toBe(false);
    expect(tagSchema.safeParse({ tag: 'x'.repeat(51) }).success).toBe(false);
  });

  it('asks for every login and setup field with the French message', () => {
    expect(messages(loginSchema.safeParse({}))).toEqual([
      ['email', 'Veuillez remplir tous les champs'],
      ['password', 'Veuillez remplir tous les champs'],
    ]);
    expect(messages(setupAdminSchema.safeParse({ email: 'admin@example.ch', password: 'court' }))).toEqual([['password', 'Le mot de passe doit comporter au moins 12 caractères']]);
    expect(setupAdminSchema.parse({ email: 'Admin@Example.ch', password: 'un-mot-de-passe-solide' })).toEqual({
      email: 'admin@example.ch',
      password: 'un-mot-de-passe-solide',
      firstName: 'Admin',
      lastName: 'Utilisateur',
    });
  });

  it('keeps spaces inside passwords', () => {
    expect(loginSchema.parse({ email: 'a', password: ' mot de passe ' }).password).toBe(' mot de passe ');
  });
});

describe('parseId', () => {
  it('accepts positive integers that fit a PostgreSQL integer only', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId('2147483647')).toBe(2147483647);
    for (const value of ['0', '-1', '1.5', 'abc', '', '2147483648', '042', ' 1', undefined, 7]) expect(parseId(value)).toBeUndefined();
  });
});

describe('path parameter schemas', () => {
  it('turn a path id into a number', () => {
    expect(leadParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(webinarParamsSchema.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
  });

  it("mark a malformed id as naming no record, with the record's own message", () => {
    for (const id of ['0', 'abc', '1.5', '2147483648', '042', '']) {
      const lead = leadParamsSchema.safeParse({ id });
      expect(lead.success).toBe(false);
      expect(lead.error?.issues.map((issue) => [issue.message, issue.code === 'custom' && issue.params?.[NOT_FOUND_ISSUE]])).toEqual([['Contact non trouvé', true]]);
      expect(webinarParamsSchema.safeParse({ id }).error?.issues.map((issue) => issue.message)).toEqual(['Webinaire non trouvé']);
    }
  });

  it('keep a bad tag an ordinary validation issue, beside a malformed id', () => {
    expect(leadTagParamsSchema.parse({ id: '7', tag: ' VIP ' })).toEqual({ id: 7, tag: 'VIP' });
    const issues = leadTagParamsSchema.safeParse({ id: 'abc', tag: '  ' }).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['id', 'Contact non trouvé'],
      ['tag', 'Le tag ne peut pas être vide.'],
    ]);
  });
});
