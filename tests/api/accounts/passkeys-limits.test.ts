/**
 * Passkeys under the password's rules (docs/decisions/146-passkeys.md): failed whole sign-ins count per
 * account and per address and lock out as wrong passwords do; with a second factor required, a session
 * limited to enrolment registers its first passkey without a further proof, and is then let through.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../harness.ts';
import { SoftwareAuthenticator } from '../../support/software-authenticator.ts';
import { ageLastProof } from './mfa-support.ts';
import { accountWithPasskey, PASSKEY_FAILED } from './passkeys-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMITS: 'on', MFA_REQUIRED: 'true' });
});
afterAll(() => app.close());
beforeEach(() => app.emptyTables('rate_limits', 'webauthn_challenges', 'sessions', 'audit_events', 'recovery_codes', 'user_factors', 'users'));

async function passkeySignIn(authenticator: SoftwareAuthenticator, tampering = {}, credential = authenticator.credentials[0]) {
  const client = app.client();
  const options = await client.post('/api/simple-auth/passkey/options');
  return client.post('/api/simple-auth/passkey/verify', { response: authenticator.get(options.body, tampering, credential) });
}

describe('a session limited to enrolment', () => {
  it('registers its first passkey without another proof, gets its recovery codes, and is let through', async () => {
    const email = 'enrolement@example.ch';
    const client = await app.signIn({ email });
    await app.knex('users').where({ email }).update({ mustEnrolFactor: true });
    await ageLastProof(app, client);
    const blocked = await client.get('/api/admin/users');
    expect(blocked.status).toBe(403);
    expect(blocked.body.enrolmentRequired).toBe(true);

    const authenticator = new SoftwareAuthenticator(app.url);
    const options = await client.post('/api/simple-auth/mfa/passkey/options');
    expect(options.status, options.text).toBe(200);
    const registered = await client.post('/api/simple-auth/mfa/passkey', { name: 'Ordinateur', response: authenticator.create(options.body) });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body.recoveryCodes).toHaveLength(10);
    expect((await client.get('/api/admin/users')).status).toBe(200);
    expect((await app.knex('users').where({ email }).first('mustEnrolFactor')).mustEnrolFactor).toBe(false);
    // A second passkey is no longer a first factor: it needs a recent proof.
    await ageLastProof(app, client);
    expect((await client.post('/api/simple-auth/mfa/passkey/options')).body).toEqual({ message: 'Confirmez votre identité pour continuer.', reauth: true });
  });
});

describe('limits and lockout of the whole sign-in', () => {
  it('locks the account after 5 failed passkeys: even its right passkey, then its password, get 429', async () => {
    const { authenticator, userId } = await accountWithPasskey(app, 'verrou@example.ch');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await passkeySignIn(authenticator, { origin: 'https://evil.example' });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(PASSKEY_FAILED);
    }
    const blocked = await passkeySignIn(authenticator);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await app.client().post('/api/simple-auth/login', { email: 'verrou@example.ch', password: TEST_PASSWORD })).status).toBe(429);
    expect(Number((await app.knex('auditEvents').where({ type: 'login_locked', userId }).count({ n: '*' }).first())!.n)).toBe(1);
  });

  it('counts failures per address too, whatever credential they name', async () => {
    const { authenticator } = await accountWithPasskey(app, 'adresse@example.ch');
    const strangers = new SoftwareAuthenticator(app.url);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      // A new credential each time, unknown to the server: only the address's counter links them.
      strangers.create({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { id: '127.0.0.1' }, user: { id: 'AAAA' } });
      expect((await passkeySignIn(strangers, {}, strangers.credentials.at(-1))).status).toBe(401);
    }
    expect((await passkeySignIn(authenticator)).status).toBe(429);
  });

  it('resets the account counter after a successful passkey', async () => {
    const { authenticator } = await accountWithPasskey(app, 'remise@example.ch');
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await passkeySignIn(authenticator, { rpId: 'evil.example' })).status).toBe(401);
    expect((await passkeySignIn(authenticator)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await passkeySignIn(authenticator, { rpId: 'evil.example' })).status).toBe(401);
    expect((await passkeySignIn(authenticator)).status).toBe(200);
  });
});
