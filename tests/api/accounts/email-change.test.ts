/**
 * A new e-mail, the sign-in identifier, ends the account's other sessions and keeps the current one, as a
 * new password or a change of factors does (docs/decisions/144-second-factor-totp-and-recovery-codes.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../harness.ts';
import { createAccount, openSessions } from './mfa-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const signIn = async (email: string) => {
  const client = app.client();
  expect((await client.post('/api/simple-auth/login', { email, password: TEST_PASSWORD })).status).toBe(200);
  return client;
};

describe('PATCH /api/simple-auth/user', () => {
  it('ends the other sessions when the e-mail changes, and only then', async () => {
    const userId = await createAccount(app, 'lea@example.ch');
    const other = await signIn('lea@example.ch');
    const client = await signIn('lea@example.ch');
    expect((await client.patch('/api/simple-auth/user', { firstName: 'Léonie' })).status).toBe(200);
    expect(await openSessions(app, userId)).toBe(2);

    const changed = await client.patch('/api/simple-auth/user', { email: 'leonie@example.ch' });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe('leonie@example.ch');
    expect((await other.get('/api/simple-auth/user')).status).toBe(401);
    expect((await client.get('/api/simple-auth/user')).body.email).toBe('leonie@example.ch');
    expect(await openSessions(app, userId)).toBe(1);
    const audit = await app.knex('audit_events').where({ type: 'user_updated' }).orderBy('id', 'desc').first();
    expect(audit.details).toMatchObject({ ownProfile: true, otherSessionsEnded: 1 });
  });
});
