/**
 * An administrator's reset of another user's factors (docs/decisions/144-second-factor-totp-and-recovery-codes.md):
 * the factors and recovery codes go, the user's sessions end, and the user enrols again at the next
 * sign-in even without MFA_REQUIRED. Nobody resets their own; a recent proof is needed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../harness.ts';
import { ageLastProof, createAccount, seedTotpFactor, signInWithTotp, totpCode } from './mfa-support.ts';

let app: TestApp;
let admin: TestClient;
let adminId: number;
let userId: number;
let secret: string;

beforeAll(async () => {
  app = await startTestApp({ MFA_REQUIRED: 'false' });
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.emptyTables('sessions', 'audit_events', 'recovery_codes', 'user_factors', 'users');
  adminId = await createAccount(app, 'admin@example.ch');
  admin = await signInWithTotp(app, 'admin@example.ch', (await seedTotpFactor(app, adminId)).secret);
  userId = await createAccount(app, 'lea@example.ch', 'viewer');
  ({ secret } = await seedTotpFactor(app, userId));
});

describe('POST /api/admin/users/:id/mfa/reset', () => {
  it('removes the factors and recovery codes, ends the sessions, and the user enrols at the next sign-in', async () => {
    const user = await signInWithTotp(app, 'lea@example.ch', secret);
    const response = await admin.post(`/api/admin/users/${userId}/mfa/reset`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Les facteurs ont été réinitialisés. La personne en ajoutera un à sa prochaine connexion.' });
    expect((await user.get('/api/simple-auth/user')).status).toBe(401);
    expect(await app.knex('user_factors').where({ userId })).toEqual([]);
    expect(await app.knex('recovery_codes').where({ userId })).toEqual([]);
    const audit = await app.knex('audit_events').where({ type: 'mfa_reset' }).first();
    expect(audit).toMatchObject({ userId: adminId, details: { targetUserId: userId, factorsRemoved: 1, sessionsEnded: 1 } });

    const again = app.client();
    const login = await again.post('/api/simple-auth/login', { email: 'lea@example.ch', password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.enrolmentRequired).toBe(true);
    expect((await again.get('/api/admin/users')).status).toBe(403);
    expect((await again.get('/api/simple-auth/mfa')).body.required).toBe(true);

    // Once enrolled again, the mark is gone: the account is as before the reset.
    const started = await again.post('/api/simple-auth/mfa/totp', {});
    expect((await again.post(`/api/simple-auth/mfa/totp/${started.body.factorId}/confirm`, { code: totpCode(started.body.secret) })).status).toBe(200);
    expect((await again.get('/api/admin/users')).status).toBe(200);
    expect((await app.knex('users').where({ id: userId }).first()).mustEnrolFactor).toBe(false);
  });

  it('refuses to reset one’s own factors', async () => {
    const response = await admin.post(`/api/admin/users/${adminId}/mfa/reset`);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Vous ne pouvez pas réinitialiser vos propres facteurs : utilisez vos réglages.');
    expect(await app.knex('user_factors').where({ userId: adminId })).toHaveLength(1);
  });

  it('asks for a recent proof', async () => {
    await ageLastProof(app, admin);
    const response = await admin.post(`/api/admin/users/${userId}/mfa/reset`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Confirmez votre identité pour continuer.', reauth: true });
    expect(await app.knex('user_factors').where({ userId })).toHaveLength(1);
  });

  it('is for administrators only, and answers 404 for an unknown user', async () => {
    const viewer = await signInWithTotp(app, 'lea@example.ch', secret);
    expect((await viewer.post(`/api/admin/users/${adminId}/mfa/reset`)).status).toBe(403);
    expect((await app.client().post(`/api/admin/users/${userId}/mfa/reset`)).status).toBe(401);
    for (const id of ['999999', 'abc']) {
      const response = await admin.post(`/api/admin/users/${id}/mfa/reset`);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Utilisateur non trouvé.');
    }
    expect(await app.knex('user_factors').where({ userId: adminId })).toHaveLength(1);
  });
});
