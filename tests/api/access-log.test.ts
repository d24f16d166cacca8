/**
 * The access log (docs/decisions/147-access-log.md): a row for each read of a contact, each export (its
 * filter or selection, which contacts and how many), erasure, bulk action and sign-in, with who, the
 * device and the IP prefix; never a name, an e-mail or a message; and a contact's "Consultations"
 * (`GET …/leads/{id}/access-log`, administrators only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerByStatus, setUpAppWithUsers, TEST_PASSWORD, type TestApp, type TestClient } from './harness.ts';
import { verifyAccessLog } from '../../api/features/privacy/index.ts';
import { createAccount, seedTotpFactor, typePassword, wrongCode } from './accounts/mfa-support.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
let adminId: number;
setUpAppWithUsers([], (users) => ({ app, admin, member, adminId } = users));

const PERSON = { firstName: 'Théodora', lastName: 'Vuilleumier-Zanetti', email: 'theodora.vuilleumier@exemple-rare.ch', message: 'Un message très personnel.' };
let contactId: number;
let otherId: number;

beforeAll(async () => {
  const [one] = await app
    .knex('leads')
    .insert({ ...PERSON, type: 'contact', status: 'new' })
    .returning('id');
  const [two] = await app.knex('leads').insert({ firstName: 'Autre', email: 'autre.personne@exemple-rare.ch', type: 'contact', status: 'qualified' }).returning('id');
  contactId = one.id;
  otherId = two.id;
});

/** The rows written after `mark` (the log is never emptied: its trigger refuses it). */
async function rowsAfter(mark: number) {
  return app.knex('access_log').where('id', '>', mark).orderBy('id');
}
async function lastId(): Promise<number> {
  return Number((await app.knex('access_log').max({ id: 'id' }).first())?.id ?? 0);
}

describe('recording', () => {
  it('records a read of a contact with who, the device cookie as an identifier and the IP prefix', async () => {
    const mark = await lastId();
    expect((await admin.get(`/api/admin/leads/${contactId}`)).status).toBe(200);
    const [row] = await rowsAfter(mark);
    expect(row).toMatchObject({ action: 'contact_viewed', userId: adminId, contactId, contactCount: null, details: {}, ipPrefix: '127.0.0.0/24' });
    expect(row.device).toMatch(/^[0-9a-f]{16}$/);
    // The device is named by a hash of the cookie's nonce, never by the cookie.
    const cookie = [...admin.cookies.entries()].find(([name]) => name.endsWith('ic.device'))?.[1] ?? '';
    expect(cookie).not.toBe('');
    expect(cookie).not.toContain(row.device);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.prevHash).toMatch(/^[0-9a-f]{64}$/);
    // An unknown contact is no access.
    expect((await admin.get('/api/admin/leads/999999')).status).toBe(404);
    expect(await rowsAfter(mark)).toHaveLength(1);
  });

  it('records the filtered CSV export with its filter, the exported ids and their count', async () => {
    const mark = await lastId();
    const csv = await admin.get('/api/admin/leads.csv', { query: { status: 'new', search: 'Vuilleumier' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(PERSON.email);
    const [row] = await rowsAfter(mark);
    expect(row).toMatchObject({ action: 'contacts_exported', userId: adminId, contactId: null, contactCount: 1 });
    expect(row.details).toMatchObject({ status: 'new', search: true, rows: 1, contactIds: [contactId], format: 'csv' });
    expect(JSON.stringify(row.details)).not.toContain('Vuilleumier');
  });

  it('records the selection export and every bulk action with its name and ids', async () => {
    const mark = await lastId();
    expect((await admin.post('/api/admin/leads/bulk', { ids: [contactId, otherId], action: 'export' })).status).toBe(200);
    expect((await admin.post('/api/admin/leads/bulk', { ids: [contactId, otherId], action: 'add_tag', value: 'vip' })).status).toBe(200);
    expect((await admin.post('/api/admin/leads/bulk', { ids: [otherId], action: 'set_status', value: 'contacted' })).status).toBe(200);
    const rows = await rowsAfter(mark);
    expect(rows.map((row) => [row.action, row.contactCount, row.details])).toEqual([
      ['contacts_exported', 2, { selection: true, format: 'csv', contactIds: [contactId, otherId] }],
      ['bulk_action', 2, { bulkAction: 'add_tag', value: 'vip', contactIds: [contactId, otherId] }],
      ['bulk_action', 1, { bulkAction: 'set_status', value: 'contacted', contactIds: [otherId] }],
    ]);
  });

  it('records the registrations export and the newsletter recipients export with which contacts', async () => {
    const webinar = await admin.post('/api/admin/webinars', {
      title: 'Session journal',
      description: 'Une session.',
      datetime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      duration: 60,
      maxAttendees: 10,
      location: 'online',
      isActive: true,
    });
    expect(webinar.status).toBe(201);
    await registerByStatus(app, webinar.body.id, { registered: [contactId, otherId] });
    const issue = await admin.post('/api/admin/newsletters', { subject: 'Respirer', preheader: 'Une technique.', body: '## Respirer\n\nTrois cycles.' });
    expect(issue.status).toBe(201);
    await app.knex('emails').insert({
      kind: 'newsletter_issue',
      causeKey: `newsletter:${issue.body.id}:${otherId}`,
      newsletterId: issue.body.id,
      leadId: otherId,
      toAddress: 'autre.personne@exemple-rare.ch',
      subject: 'Respirer',
      status: 'sent',
    });

    const mark = await lastId();
    expect((await admin.get(`/api/admin/webinars/${webinar.body.id}/registrations.csv`)).status).toBe(200);
    expect((await admin.get(`/api/admin/newsletters/${issue.body.id}/recipients.csv`)).status).toBe(200);
    const rows = await rowsAfter(mark);
    expect(rows.map((row) => [row.action, row.contactCount, row.details])).toEqual([
      ['registrations_exported', 2, { webinarId: webinar.body.id, rows: 2, format: 'csv', contactIds: [contactId, otherId] }],
      ['recipients_exported', 1, { newsletterId: issue.body.id, rows: 1, format: 'csv', contactIds: [otherId] }],
    ]);
  });

  it('records sign-ins, refused ones too, with the account tried', async () => {
    const mark = await lastId();
    const browser = app.client();
    expect((await browser.post('/api/simple-auth/login', { email: 'membre@example.ch', password: 'pas le bon mot de passe' })).status).toBe(401);
    expect((await browser.post('/api/simple-auth/login', { email: 'membre@example.ch', password: TEST_PASSWORD })).status).toBe(200);
    const memberId = (await app.knex('users').where({ email: 'membre@example.ch' }).first('id')).id;
    const rows = await rowsAfter(mark);
    expect(rows.map((row) => [row.action, row.userId, row.details])).toEqual([
      ['sign_in_failed', memberId, { knownAccount: true }],
      ['sign_in', memberId, { method: 'password' }],
    ]);
  });

  it('records the second step: a refused code, the sign-in with a recovery code and the code marked used, new recovery codes', async () => {
    const userId = await createAccount(app, 'second.etape@innercircle.test');
    const { secret, recoveryCodes } = await seedTotpFactor(app, userId);
    const mark = await lastId();
    const refused = await typePassword(app, 'second.etape@innercircle.test');
    expect((await refused.post('/api/simple-auth/mfa', { method: 'totp', code: wrongCode(secret) })).status).toBe(401);
    const client = await typePassword(app, 'second.etape@innercircle.test');
    expect((await client.post('/api/simple-auth/mfa', { method: 'recovery', code: recoveryCodes[0] })).status).toBe(200);
    expect((await client.post('/api/simple-auth/mfa/recovery-codes', {})).status).toBe(200);
    const rows = await rowsAfter(mark);
    expect(rows.map((row) => [row.action, row.userId])).toEqual([
      ['sign_in_failed', userId],
      ['sign_in', userId],
      ['recovery_code_used', userId],
      ['recovery_codes_renewed', userId],
    ]);
    expect(rows[1]!.details).toMatchObject({ method: 'recovery' });
  });
});

describe('Consultations of a contact', () => {
  it('lists who read or exported the contact, newest first, to administrators only', async () => {
    const answer = await admin.get(`/api/admin/leads/${contactId}/access-log`, { query: { limit: 100 } });
    expect(answer.status).toBe(200);
    const actions = answer.body.entries.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(['registrations_exported', 'bulk_action', 'contacts_exported', 'contacts_exported', 'contact_viewed']);
    expect(answer.body.entries[0]).toEqual({ at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), userId: adminId, userEmail: expect.stringMatching(/@example\.ch$/), action: 'registrations_exported' });
    expect(answer.body.pagination).toEqual({ page: 1, limit: 100, total: 5 });
    const second = await admin.get(`/api/admin/leads/${contactId}/access-log`, { query: { page: 2, limit: 2 } });
    expect(second.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['contacts_exported', 'contacts_exported']);

    const refused = await member.get(`/api/admin/leads/${contactId}/access-log`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Le journal des consultations est réservé aux administrateurs.');
    expect((await admin.get('/api/admin/leads/999999/access-log')).status).toBe(404);
    expect((await app.client().get(`/api/admin/leads/${contactId}/access-log`)).status).toBe(401);
  });

  it('puts the contact’s entries in the per-contact export, and records that export', async () => {
    const mark = await lastId();
    const exported = await admin.get(`/api/admin/leads/${contactId}/export`);
    expect(exported.status).toBe(200);
    const document = JSON.parse(exported.text);
    expect(document.accessLog.at(0)).toMatchObject({ userId: adminId, action: 'contact_viewed' });
    expect(document.accessLog).toHaveLength(5);
    expect(await rowsAfter(mark)).toMatchObject([{ action: 'contact_exported', contactId, contactCount: 1 }]);
  });
});

describe('erasure', () => {
  it('records the erasure; the log keeps the contact id and holds no name, e-mail or message anywhere', async () => {
    const mark = await lastId();
    const erased = await admin.post(`/api/admin/leads/${contactId}/erase`, { confirmEmail: PERSON.email });
    expect(erased.status).toBe(204);
    expect(await rowsAfter(mark)).toMatchObject([{ action: 'contact_erased', contactId, contactCount: 1, details: { reason: 'request' } }]);
    expect(Number((await app.knex('access_log').where({ contactId }).count({ n: '*' }).first())!.n)).toBeGreaterThanOrEqual(3);
    const everything = JSON.stringify(await app.knex('access_log').select('*')).toLowerCase();
    for (const value of [PERSON.firstName, PERSON.lastName, PERSON.email, PERSON.message, 'autre.personne']) expect(everything).not.toContain(value.toLowerCase());
    expect(await verifyAccessLog(app.knex)).toMatchObject({ intact: true });
  });
});
