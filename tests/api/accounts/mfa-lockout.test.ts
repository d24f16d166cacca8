/**
 * Wrong second-step codes count as wrong passwords (docs/decisions/144-second-factor-totp-and-recovery-codes.md):
 * the same counters per account and per IP, the same lockout; a right password does not buy more guesses;
 * a browser holding the account's device cookie keeps its own counter. In production over HTTPS the
 * pending cookie is Secure and `__Host-` prefixed, as the session cookie is.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../harness.ts';
import { createAccount, nextStepCode, seedTotpFactor, totpCode, typePassword, wrongCode } from './mfa-support.ts';

const email = 'lea@example.ch';

describe('limits and lockout', () => {
  let app: TestApp;
  let secret: string;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.emptyTables('rate_limits', 'sessions', 'audit_events', 'recovery_codes', 'user_factors', 'users');
    ({ secret } = await seedTotpFactor(app, await createAccount(app, email)));
  });

  it('locks the account after 5 wrong codes: even the right code, then the right password, get 429', async () => {
    const client = await typePassword(app, email);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await client.post('/api/simple-auth/mfa', { method: 'totp', code: wrongCode(secret) })).status).toBe(401);
    const blocked = await client.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await app.client().post('/api/simple-auth/login', { email, password: TEST_PASSWORD })).status).toBe(429);
    expect((await app.knex('audit_events').where({ type: 'login_locked' })).length).toBe(1);
  });

  it('does not reset the count of wrong codes when the password is typed again', async () => {
    const first = await typePassword(app, email);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await first.post('/api/simple-auth/mfa', { method: 'recovery', code: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA' })).status).toBe(401);
    const second = await typePassword(app, email);
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await second.post('/api/simple-auth/mfa', { method: 'recovery', code: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA' })).status).toBe(401);
    expect((await second.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) })).status).toBe(429);
  });

  it('resets the account counter after a complete sign-in', async () => {
    const first = await typePassword(app, email);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await first.post('/api/simple-auth/mfa', { method: 'totp', code: wrongCode(secret) })).status).toBe(401);
    expect((await first.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) })).status).toBe(200);
    const second = await typePassword(app, email);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await second.post('/api/simple-auth/mfa', { method: 'totp', code: wrongCode(secret) })).status).toBe(401);
    expect((await second.post('/api/simple-auth/mfa', { method: 'totp', code: nextStepCode(secret) })).status).toBe(200);
  });

  it('keeps the owner’s browser working with its device cookie while strangers lock the account out', async () => {
    const owner = await typePassword(app, email);
    expect((await owner.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) })).status).toBe(200);
    expect(owner.cookies.has('ic.device')).toBe(true);
    await owner.post('/api/simple-auth/logout');

    const stranger = await typePassword(app, email);
    for (let attempt = 0; attempt < 5; attempt += 1) await stranger.post('/api/simple-auth/mfa', { method: 'totp', code: wrongCode(secret) });
    expect((await app.client().post('/api/simple-auth/login', { email, password: TEST_PASSWORD })).status).toBe(429);

    await typePassword(app, email, owner);
    expect((await owner.post('/api/simple-auth/mfa', { method: 'totp', code: nextStepCode(secret) })).status).toBe(200);
  });
});

describe('in production over HTTPS', () => {
  let app: TestApp;
  const origin = 'https://innercircle.example.ch';
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: 'production', PUBLIC_URL: origin });
  });
  afterAll(() => app.close());

  it('names the pending cookie __Host-ic.mfa, Secure, and reads it back', async () => {
    const { secret } = await seedTotpFactor(app, await createAccount(app, email));
    const client = app.client();
    const response = await client.post('/api/simple-auth/login', { email, password: TEST_PASSWORD }, { headers: { origin } });
    expect(response.body.mfaRequired).toBe(true);
    const pending = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-ic.mfa='))!;
    expect(pending).toMatch(/;\s*secure/i);
    expect(pending).toMatch(/;\s*path=\/(;|$)/i);
    expect(pending).not.toMatch(/domain=/i);
    const done = await client.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) }, { headers: { origin } });
    expect(done.status).toBe(200);
    expect(done.body.enrolmentRequired).toBeUndefined();
    expect((await client.get('/api/admin/users', { headers: { origin } })).status).toBe(200);
  });
});
