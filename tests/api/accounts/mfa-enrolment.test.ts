/**
 * Enrolment and the user's own factors (docs/decisions/144-second-factor-totp-and-recovery-codes.md): under
 * MFA_REQUIRED a password-only sign-in can only enrol until a factor is confirmed; adding or removing a
 * factor needs a recent proof (except the first one during required enrolment) and ends the other sessions.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../harness.ts';
import { ageLastProof, createAccount, enrolTotp, nextStepCode, openSessions, signInWithTotp, totpCode, wrongCode } from './mfa-support.ts';

const ENROL_FIRST = { message: 'Ajoutez un second facteur pour continuer.', enrolmentRequired: true };
const email = 'lea@example.ch';

async function signInWithPassword(app: TestApp): Promise<TestClient> {
  const client = app.client();
  const response = await client.post('/api/simple-auth/login', { email, password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  return client;
}

describe('with MFA_REQUIRED', () => {
  let app: TestApp;
  let userId: number;
  beforeAll(async () => {
    app = await startTestApp({ MFA_REQUIRED: 'true' });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.emptyTables('sessions', 'audit_events', 'recovery_codes', 'user_factors', 'users');
    userId = await createAccount(app, email);
  });

  it('limits a password-only sign-in to enrolment until a factor is confirmed', async () => {
    const client = app.client();
    const login = await client.post('/api/simple-auth/login', { email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email, enrolmentRequired: true });
    expect((await client.get('/api/simple-auth/user')).body).toMatchObject({ email, enrolmentRequired: true });
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/crm/leads'],
      ['GET', '/api/simple-auth/sessions'],
      ['POST', '/api/simple-auth/password'],
      ['POST', '/api/admin/users'],
    ] as const) {
      const response = await client.request(method, path, method === 'POST' ? { json: {} } : {});
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual(ENROL_FIRST);
    }
    expect((await client.get('/api/simple-auth/mfa')).body).toEqual({ factors: [], recoveryCodesLeft: 0, required: true });

    const started = await client.post('/api/simple-auth/mfa/totp', {});
    expect(started.status).toBe(201);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}/);
    expect(started.body.otpauthUri).toContain('algorithm=SHA1');
    expect(started.body.otpauthUri).toContain('digits=6');
    expect(started.body.otpauthUri).toContain('period=30');
    expect(started.body.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const { factorId, secret } = started.body;

    const wrong = await client.post(`/api/simple-auth/mfa/totp/${factorId}/confirm`, { code: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Code incorrect ou déjà utilisé.');
    expect((await client.get('/api/admin/users')).status).toBe(403);

    const confirmed = await client.post(`/api/simple-auth/mfa/totp/${factorId}/confirm`, { code: totpCode(secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}(-[A-Z2-7]{5}){4}$/);

    expect((await client.get('/api/admin/users')).status).toBe(200);
    expect((await client.get('/api/simple-auth/user')).body.enrolmentRequired).toBeUndefined();
    const status = (await client.get('/api/simple-auth/mfa')).body;
    expect(status).toMatchObject({ recoveryCodesLeft: 10, required: true });
    expect(status.factors).toEqual([{ id: factorId, type: 'totp', name: "Application d'authentification", createdAt: expect.any(String) }]);
    expect(JSON.stringify(status)).not.toContain(secret);
    const enrolled = await app.knex('audit_events').where({ type: 'mfa_enrolled' });
    expect(enrolled.map((event) => [event.userId, event.details.type])).toEqual([[userId, 'totp']]);

    // The next sign-in asks for the second step.
    const next = await app.client().post('/api/simple-auth/login', { email, password: TEST_PASSWORD });
    expect(next.body).toEqual({ mfaRequired: true, methods: ['totp', 'recovery'] });
  });

  it('keeps the last factor: removing it answers 409', async () => {
    const client = await signInWithPassword(app);
    const { factorId } = await enrolTotp(client);
    const response = await client.delete(`/api/simple-auth/mfa/${factorId}`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Gardez au moins un second facteur : il est obligatoire.');
    expect((await client.get('/api/simple-auth/mfa')).body.factors).toHaveLength(1);
  });

  it('signs the first administrator in at setup, limited to enrolment', async () => {
    await app.emptyTables('users');
    const client = app.client();
    const response = await client.post('/api/simple-auth/setup-admin', { email: 'fondatrice@example.ch', password: 'Brume-sur-le-Leman-au-matin' });
    expect(response.status).toBe(201);
    expect(response.body.enrolmentRequired).toBe(true);
    expect((await client.get('/api/admin/users')).body).toEqual(ENROL_FIRST);
    await enrolTotp(client);
    expect((await client.get('/api/admin/users')).status).toBe(200);
  });

  it('lets a viewer enrol and manage their own factor', async () => {
    await createAccount(app, 'lecture@example.ch', 'viewer');
    const client = app.client();
    await client.post('/api/simple-auth/login', { email: 'lecture@example.ch', password: TEST_PASSWORD });
    const { factorId } = await enrolTotp(client);
    expect((await client.post('/api/simple-auth/mfa/recovery-codes')).status).toBe(200);
    expect((await client.post('/api/simple-auth/mfa/totp', { name: 'Second téléphone' })).status).toBe(201);
    expect((await client.delete(`/api/simple-auth/mfa/${factorId}`)).status).toBe(409);
  });
});

describe('without MFA_REQUIRED', () => {
  let app: TestApp;
  let userId: number;
  beforeAll(async () => {
    app = await startTestApp({ MFA_REQUIRED: 'false' });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.emptyTables('sessions', 'audit_events', 'recovery_codes', 'user_factors', 'users');
    userId = await createAccount(app, email);
  });

  it('signs in an account without a factor as before', async () => {
    const client = await signInWithPassword(app);
    expect((await client.get('/api/simple-auth/user')).body.enrolmentRequired).toBeUndefined();
    expect((await client.get('/api/admin/users')).status).toBe(200);
    expect((await client.get('/api/simple-auth/mfa')).body).toEqual({ factors: [], recoveryCodesLeft: 0, required: false });
  });

  it('ends the other sessions when a factor is added, and keeps the current one', async () => {
    const other = await signInWithPassword(app);
    const client = await signInWithPassword(app);
    expect(await openSessions(app, userId)).toBe(2);
    await enrolTotp(client);
    expect(await openSessions(app, userId)).toBe(1);
    expect((await other.get('/api/simple-auth/user')).status).toBe(401);
    expect((await client.get('/api/simple-auth/user')).status).toBe(200);
    expect((await app.knex('audit_events').where({ type: 'mfa_enrolled' }).first()).details.otherSessionsEnded).toBe(1);
  });

  it('ends the other sessions when a factor is removed; with the last one, the recovery codes go', async () => {
    const setup = await signInWithPassword(app);
    const { factorId, secret } = await enrolTotp(setup);
    const other = await signInWithTotp(app, email, secret);
    const removed = await setup.delete(`/api/simple-auth/mfa/${factorId}`);
    expect(removed.status).toBe(204);
    expect((await other.get('/api/simple-auth/user')).status).toBe(401);
    expect((await setup.get('/api/simple-auth/mfa')).body).toEqual({ factors: [], recoveryCodesLeft: 0, required: false });
    expect((await app.knex('audit_events').where({ type: 'mfa_removed' }).first()).details).toMatchObject({ factorId, type: 'totp', otherSessionsEnded: 1 });
    // Without a factor, the password alone signs in again.
    expect((await signInWithPassword(app)).cookies.has('ic.sid')).toBe(true);
  });

  it('asks for a recent proof to add or remove a factor, or to renew the recovery codes', async () => {
    const client = await signInWithPassword(app);
    const { factorId } = await enrolTotp(client);
    await ageLastProof(app, client);
    const reauth = { message: 'Confirmez votre identité pour continuer.', reauth: true };
    expect((await client.delete(`/api/simple-auth/mfa/${factorId}`)).body).toEqual(reauth);
    expect((await client.post('/api/simple-auth/mfa/recovery-codes')).body).toEqual(reauth);
    const started = await client.post('/api/simple-auth/mfa/totp', { name: 'Tablette' });
    expect(started.status).toBe(201);
    const confirm = await client.post(`/api/simple-auth/mfa/totp/${started.body.factorId}/confirm`, { code: nextStepCode(started.body.secret) });
    expect(confirm.status).toBe(403);
    expect(confirm.body).toEqual(reauth);
    expect((await client.get('/api/simple-auth/mfa')).body.factors.map((factor: { id: number }) => factor.id)).toEqual([factorId]);
  });

  it('renews the recovery codes: the old ones no longer work', async () => {
    const client = await signInWithPassword(app);
    const { recoveryCodes } = await enrolTotp(client);
    const renewed = await client.post('/api/simple-auth/mfa/recovery-codes');
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(recoveryCodes[0]);
    expect((await app.knex('audit_events').where({ type: 'recovery_codes_regenerated' })).length).toBe(1);

    const next = app.client();
    await next.post('/api/simple-auth/login', { email, password: TEST_PASSWORD });
    expect((await next.post('/api/simple-auth/mfa', { method: 'recovery', code: recoveryCodes[0] })).status).toBe(401);
    expect((await next.post('/api/simple-auth/mfa', { method: 'recovery', code: renewed.body.recoveryCodes[0] })).status).toBe(200);
  });

  it('refuses new recovery codes to an account without a factor, and unknown factors with 404', async () => {
    const client = await signInWithPassword(app);
    const none = await client.post('/api/simple-auth/mfa/recovery-codes');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("Ajoutez d'abord un second facteur.");
    for (const id of ['999999', 'abc']) {
      const response = await client.delete(`/api/simple-auth/mfa/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe("Ce facteur n'existe pas.");
    }
    // Someone else's factor is unknown too.
    const otherId = await createAccount(app, 'autre@example.ch');
    const [row] = await app.knex('user_factors').insert({ userId: otherId, type: 'totp', name: 'Autre', totpSecret: 'JBSWY3DPEHPK3PXP' }).returning('id');
    expect((await client.post(`/api/simple-auth/mfa/totp/${row.id}/confirm`, { code: '123456' })).status).toBe(404);
    expect((await client.delete(`/api/simple-auth/mfa/${row.id}`)).status).toBe(404);
  });
});
