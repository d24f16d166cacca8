/**
 * The sign-in's second step (docs/decisions/144-second-factor-totp-and-recovery-codes.md): the password of
 * an account with a factor opens no session, only a 5-minute pending cookie; a TOTP code (once) or a
 * recovery code (once each) then opens it.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../harness.ts';
import { createAccount, nextStepCode, seedTotpFactor, signInWithTotp, totpCode, typePassword, wrongCode } from './mfa-support.ts';

const WRONG_CODE = 'Code incorrect ou déjà utilisé.';
const EXPIRED = 'Votre connexion a expiré. Saisissez à nouveau votre mot de passe.';

let app: TestApp;
let userId: number;
let secret: string;
let recoveryCodes: string[];
const email = 'lea@example.ch';

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.emptyTables('sessions', 'audit_events', 'recovery_codes', 'user_factors', 'users');
  userId = await createAccount(app, email);
  ({ secret, recoveryCodes } = await seedTotpFactor(app, userId));
});

describe('the password of an account with a factor', () => {
  it('answers 200 with the methods and opens no session: only a short-lived pending cookie', async () => {
    const client = app.client();
    const response = await client.post('/api/simple-auth/login', { email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mfaRequired: true, methods: ['totp', 'recovery'] });
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith('ic.sid='))).toBe(false);
    expect(cookies.some((cookie) => cookie.startsWith('ic.device='))).toBe(false);
    const pending = cookies.find((cookie) => cookie.startsWith('ic.mfa='))!;
    expect(pending).toMatch(/httponly/i);
    expect(pending).toMatch(/samesite=lax/i);
    expect(pending).toMatch(/path=\//i);
    const expires = Date.parse(/expires=([^;]+)/i.exec(pending)![1]!);
    expect(expires - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(expires - Date.now()).toBeGreaterThan(3 * 60 * 1000);
    expect((await client.get('/api/simple-auth/user')).status).toBe(401);
    expect(await app.knex('sessions').where({ userId })).toEqual([]);
    expect(await app.knex('audit_events').where({ type: 'login_succeeded' })).toEqual([]);
  });

  it('lists passkeys among the methods when the account has one', async () => {
    await app.knex('user_factors').insert({ userId, type: 'passkey', name: 'Clé', credentialId: 'identifiant-de-cle', publicKey: Buffer.from('cle'), confirmedAt: new Date() });
    const response = await app.client().post('/api/simple-auth/login', { email, password: TEST_PASSWORD });
    expect(response.body).toEqual({ mfaRequired: true, methods: ['totp', 'passkey', 'recovery'] });
  });

  it('signs in as before when the only factor was never confirmed', async () => {
    await app.knex('user_factors').update({ confirmedAt: null });
    const response = await app.client().post('/api/simple-auth/login', { email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email });
    expect(response.body.mfaRequired).toBeUndefined();
    expect(response.body.enrolmentRequired).toBeUndefined();
  });
});

describe('the second step with a TOTP code', () => {
  it('opens the session with the right code, clears the pending cookie and audits the method', async () => {
    const client = await typePassword(app, email);
    const response = await client.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: userId, email });
    expect(client.cookies.has('ic.mfa')).toBe(false);
    expect(client.cookies.has('ic.device')).toBe(true);
    expect((await client.get('/api/simple-auth/user')).status).toBe(200);
    expect((await client.get('/api/admin/users')).status).toBe(200);
    const events = await app.knex('audit_events').where({ type: 'login_succeeded' });
    expect(events.map((event) => [event.userId, event.details.method])).toEqual([[userId, 'totp']]);
  });

  it('refuses a replayed code, and an older one, with 401 and a French message', async () => {
    const code = nextStepCode(secret);
    await signInWithTotp(app, email, secret, code);
    const again = await typePassword(app, email);
    const replayed = await again.post('/api/simple-auth/mfa', { method: 'totp', code });
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe(WRONG_CODE);
    const older = await again.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) });
    expect(older.status).toBe(401);
    expect((await again.get('/api/simple-auth/user')).status).toBe(401);
    expect(Number((await app.knex('audit_events').where({ type: 'mfa_failed' }).count({ n: '*' }).first())!.n)).toBe(2);
  });

  it('refuses a wrong code', async () => {
    const client = await typePassword(app, email);
    const response = await client.post('/api/simple-auth/mfa', { method: 'totp', code: wrongCode(secret) });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(WRONG_CODE);
  });

  it('answers 401 « connexion expirée » without the pending cookie, with a forged one, or an expired one', async () => {
    const none = await app.client().post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(EXPIRED);

    const sign = (text: string) => createHmac('sha256', app.config.sessionSecret).update(`mfa-pending:${text}`).digest('base64url');
    const expiredText = `${userId}.${Date.now() - 1000}.AAAAAAAAAAAAAAAA`;
    const forgedText = `${userId}.${Date.now() + 60_000}.AAAAAAAAAAAAAAAA`;
    for (const value of [`${expiredText}.${sign(expiredText)}`, `${forgedText}.${sign('autre')}`]) {
      const client = app.client();
      client.cookies.set('ic.mfa', value);
      const response = await client.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(EXPIRED);
    }
    // The same cookie, signed and in time, is accepted: the refusals above were about the cookie.
    const validText = `${userId}.${Date.now() + 60_000}.AAAAAAAAAAAAAAAA`;
    const client = app.client();
    client.cookies.set('ic.mfa', `${validText}.${sign(validText)}`);
    expect((await client.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) })).status).toBe(200);
  });

  it('refuses the second step of an account deactivated since its password', async () => {
    const client = await typePassword(app, email);
    await app.knex('users').where({ id: userId }).update({ active: false });
    const response = await client.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(EXPIRED);
  });
});

describe('the second step with a recovery code', () => {
  it('accepts each code once, whatever its case and dashes, and counts what is left', async () => {
    const first = await typePassword(app, email);
    const typed = recoveryCodes[0]!.replaceAll('-', ' ').toLowerCase();
    expect((await first.post('/api/simple-auth/mfa', { method: 'recovery', code: typed })).status).toBe(200);
    expect((await first.get('/api/simple-auth/mfa')).body.recoveryCodesLeft).toBe(9);

    const second = await typePassword(app, email);
    const reused = await second.post('/api/simple-auth/mfa', { method: 'recovery', code: recoveryCodes[0] });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(WRONG_CODE);
    expect((await second.post('/api/simple-auth/mfa', { method: 'recovery', code: recoveryCodes[1] })).status).toBe(200);
    expect((await second.get('/api/simple-auth/mfa')).body.recoveryCodesLeft).toBe(8);

    const events = await app.knex('audit_events').where({ type: 'recovery_code_used' }).orderBy('id');
    expect(events.map((event) => event.details.left)).toEqual([9, 8]);
    expect(JSON.stringify(events)).not.toContain(recoveryCodes[0]!.slice(0, 5));
  });

  it('does not take a TOTP code as a recovery code, nor the reverse', async () => {
    const client = await typePassword(app, email);
    expect((await client.post('/api/simple-auth/mfa', { method: 'recovery', code: totpCode(secret) })).status).toBe(401);
    expect((await client.post('/api/simple-auth/mfa', { method: 'totp', code: recoveryCodes[2] })).status).toBe(401);
  });

  it('answers 400 with a French message for a missing code or an unknown method', async () => {
    const client = await typePassword(app, email);
    const missing = await client.post('/api/simple-auth/mfa', { method: 'totp' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'code', message: 'Le code est obligatoire.' }]);
    expect((await client.post('/api/simple-auth/mfa', { method: 'sms', code: '123456' })).status).toBe(400);
  });
});
