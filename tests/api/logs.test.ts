/**
 * Structured JSON logs with a request id, and never a password, a password hash or a session id in a
 * log line, whatever happens (sign-up, sign-in, failed sign-in, admin work, an error); never a
 * person's email, phone, name or message either (decision 064). Beyond this file, the harness scans the
 * log lines of every API test for emails and phone numbers (tests/support/log-scan.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { personalDataIn } from '../support/log-scan.ts';

const PASSWORD = 'un-secret-tres-reconnaissable-123';
const logLines: string[] = [];
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { logLines });
});
afterAll(() => app.close());

describe('logs', () => {
  it('are JSON lines with a request id and carry no password, hash or session id', async () => {
    const browser = app.client();
    const setup = await browser.post('/api/simple-auth/setup-admin', { email: 'admin@example.ch', password: PASSWORD, firstName: 'Admin', lastName: 'Utilisateur' });
    expect(setup.status).toBe(201);
    const sessionCookies = [...browser.cookies.values()];
    expect(sessionCookies.length).toBeGreaterThan(0);
    await browser.get('/api/admin/leads');
    await app.client().post('/api/simple-auth/login', { email: 'admin@example.ch', password: `${PASSWORD}-faux` });
    await browser.request('POST', '/api/admin/leads', { body: '{pas du json', headers: { 'content-type': 'application/json' } });
    await browser.post('/api/simple-auth/logout');

    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(5);
    for (const entry of requests) expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);

    const hash = (await app.knex('users').first('password')).password as string;
    const everything = logLines.join('\n');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(hash);
    expect(everything).not.toMatch(/argon2id\$/);
    for (const value of sessionCookies) expect(everything).not.toContain(value);
    const sessionRows = await app.knex('sessions').pluck('sid');
    for (const sid of sessionRows) expect(everything).not.toContain(sid);
  });
});

describe('logs and personal data', () => {
  const person = { firstName: 'Philibertine', lastName: 'Quenouille-Stauffacher', email: 'philibertine.q@exemple-rare.ch', phone: '+41 76 543 21 09' };
  const message = 'Je souffre de migraines chroniques depuis 2019, traitement en cours.';

  it('never carry an email, a phone, a name or a message, whatever the request does with them', async () => {
    const admin = await app.signIn({ email: 'journal-admin@example.ch' });
    const before = logLines.length;
    const contact = await app.client().post('/api/leads', { ...person, message, type: 'contact' });
    expect(contact.status).toBe(201);
    // Refused inputs (their values are echoed nowhere but in the answer), a duplicate (unique violation), a form post.
    await app.client().post('/api/leads', { ...person, phone: 'appelez-moi', type: 'contact' });
    await admin.post('/api/admin/leads', { firstName: person.firstName, email: person.email });
    await app.client().request('POST', '/api/leads', {
      body: new URLSearchParams({ fullName: `${person.firstName} ${person.lastName}`, email: person.email, phone: person.phone, message }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await app.client().post('/api/newsletter', { firstName: person.firstName, email: person.email });
    const id = (await app.knex('leads').where({ email: person.email }).first()).id as number;
    await admin.get(`/api/admin/leads/${id}/export`);
    await admin.get('/api/admin/leads', { query: { search: person.email } });
    await admin.post(`/api/admin/leads/${id}/erase`, { confirmEmail: 'mauvaise@exemple-rare.ch' });
    expect((await admin.post(`/api/admin/leads/${id}/erase`, { confirmEmail: person.email })).status).toBe(204);

    const lines = logLines.slice(before);
    expect(lines.filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(9);
    const everything = lines.join('\n');
    for (const value of [person.email, person.firstName, person.lastName, person.phone, '76 543 21 09', 'migraines', 'journal-admin@example.ch']) {
      expect(everything).not.toContain(value);
    }
    expect(personalDataIn(lines)).toEqual([]);
  });

  it('the scan used on every test finds an email or a phone number in a line (it can fail)', () => {
    expect(personalDataIn(['{"msg":"sent to lea@example.ch"}', '{"phone":"+41 79 123 45 67"}', '{"tel":"079 123 45 67"}'])).toHaveLength(3);
    expect(personalDataIn(['{"reqId":"0d9b1c9e-0123-4567-8901-012345678901","ms":12,"time":1732345678901,"path":"/api/leads/42"}'])).toEqual([]);
  });
});
