/**
 * Helpers of the second factor's API tests (docs/decisions/144-second-factor-totp-and-recovery-codes.md):
 * accounts with a TOTP factor, the sign-in's two steps, and a session whose last proof is old.
 * Codes are computed from the enrolled secret as an authenticator app does (`totpCode`). A factor accepts
 * each time step once: the code of now, then the code of the next step (`Date.now() + 30_000`).
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { TEST_PASSWORD, type TestApp, type TestClient } from '../harness.ts';
import { newTotpSecret, totpCode } from '../../../api/features/accounts/factors/totp.ts';
import { replaceRecoveryCodes } from '../../../api/features/accounts/factors/recovery-codes.ts';
import { hashPassword } from '../../../api/platform/lib/passwords.ts';

export { totpCode };

/** The code of the step after the current one: accepted once the current step's code was used. */
export const nextStepCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

/** A six-digit code that none of the accepted steps (previous, current, next) shows. */
export function wrongCode(secret: string): string {
  const accepted = [-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.includes(code))!;
}

/** Creates an account (an administrator unless `role` says otherwise) and returns its id. */
export async function createAccount(app: TestApp, email: string, role: 'admin' | 'viewer' = 'admin'): Promise<number> {
  const [row] = await app
    .knex('users')
    .insert({ username: email, email, password: await hashPassword(TEST_PASSWORD, app.passwordHasher.cost), firstName: 'Léa', lastName: 'Favre', role })
    .returning('id');
  return (row as { id: number }).id;
}

/** Gives the account a confirmed TOTP factor and ten recovery codes, as a finished enrolment leaves it. */
export async function seedTotpFactor(app: TestApp, userId: number): Promise<{ secret: string; factorId: number; recoveryCodes: string[] }> {
  const secret = newTotpSecret();
  const [row] = await app.knex('user_factors').insert({ userId, type: 'totp', name: 'Téléphone', totpSecret: secret, confirmedAt: new Date() }).returning('id');
  return { secret, factorId: (row as { id: number }).id, recoveryCodes: await replaceRecoveryCodes(app.knex, userId) };
}

/** The first step only: the password of an account with a factor. */
export async function typePassword(app: TestApp, email: string, client = app.client()): Promise<TestClient> {
  const response = await client.post('/api/simple-auth/login', { email, password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  expect(response.body.mfaRequired).toBe(true);
  return client;
}

/** Both steps: the password, then a TOTP code of `secret` (by default the next step's). */
export async function signInWithTotp(app: TestApp, email: string, secret: string, code = nextStepCode(secret)): Promise<TestClient> {
  const client = await typePassword(app, email);
  const response = await client.post('/api/simple-auth/mfa', { method: 'totp', code });
  expect(response.status, response.text).toBe(200);
  return client;
}

/** Enrols an authenticator app through the API, with the code of now; returns its secret and the recovery codes. */
export async function enrolTotp(client: TestClient): Promise<{ secret: string; factorId: number; recoveryCodes: string[] }> {
  const started = await client.post('/api/simple-auth/mfa/totp', {});
  expect(started.status, started.text).toBe(201);
  const { factorId, secret } = started.body as { factorId: number; secret: string };
  const confirmed = await client.post(`/api/simple-auth/mfa/totp/${factorId}/confirm`, { code: totpCode(secret) });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret, factorId, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** The session row of a client (its cookie holds the id; the table keys rows by its SHA-256). */
function sessionKey(client: TestClient): string {
  const sid = client.cookies.get('ic.sid');
  if (!sid) throw new Error('no session cookie');
  return createHash('sha256').update(sid).digest('hex');
}

/** Makes the client's last proof of a factor 10 minutes old: what cannot be undone asks for a new one. */
export async function ageLastProof(app: TestApp, client: TestClient): Promise<void> {
  const row = await app
    .knex('sessions')
    .where({ sid: sessionKey(client) })
    .first('sess');
  const sess = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
  await app
    .knex('sessions')
    .where({ sid: sessionKey(client) })
    .update({ sess: JSON.stringify({ ...sess, factorVerifiedAt: Date.now() - 10 * 60 * 1000 }) });
}

/** How many sessions the account has open. */
export async function openSessions(app: TestApp, userId: number): Promise<number> {
  return Number((await app.knex('sessions').where({ userId }).count({ n: '*' }).first())!.n);
}
