/**
 * Structured JSON logs with a request id, and never a password, a password hash or a session id in a
 * log line, whatever happens (sign-up, sign-in, failed sign-in, admin work, an error).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

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
