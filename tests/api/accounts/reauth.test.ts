/**
 * `POST /api/simple-auth/reauth` (docs/decisions/145-re-authentication.md): a TOTP code, a recovery code,
 * or — for an account without any confirmed factor — the password renews the session's proof; a wrong
 * or replayed code is refused in French and audited without what was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../harness.ts';
import { totpCode } from '../../../api/features/accounts/factors/totp.ts';
import { replaceRecoveryCodes } from '../../../api/features/accounts/factors/recovery-codes.ts';
import { enrolTotp, makeProofStale, REAUTH_REFUSAL, userIdOf } from './reauth-support.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const CSV = '/api/admin/leads.csv';

/** A code none of the accepted steps (the previous, current and next 30 s) would give. */
function wrongCode(secret: string): string {
  const accepted = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset)));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.has(code))!;
}

async function auditOf(email: string) {
  return app
    .knex('audit_events')
    .where({ userId: await userIdOf(app, email) })
    .whereIn('type', ['reauth_succeeded', 'reauth_failed'])
    .orderBy('id')
    .select('type', 'details');
}

describe('an account without a factor', () => {
  it('proves itself again with its password', async () => {
    const email = 'sans-facteur@example.ch';
    const admin = await app.signIn({ email });
    await makeProofStale(app, email);
    expect(await admin.get(CSV)).toMatchObject({ status: 403, body: REAUTH_REFUSAL });

    const wrong = await admin.post('/api/simple-auth/reauth', { method: 'password', code: 'pas-le-bon-mot-de-passe' });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Le mot de passe est incorrect.' } });
    expect((await admin.get(CSV)).status).toBe(403);
    const noFactor = await admin.post('/api/simple-auth/reauth', { method: 'totp', code: '123456' });
    expect(noFactor).toMatchObject({ status: 401, body: { message: 'Code incorrect ou déjà utilisé.' } });

    const before = Date.now();
    const right = await admin.post('/api/simple-auth/reauth', { method: 'password', code: TEST_PASSWORD });
    expect(right.status).toBe(200);
    expect(Date.parse(right.body.verifiedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await admin.get(CSV)).status).toBe(200);

    const audit = await auditOf(email);
    expect(audit).toEqual([
      { type: 'reauth_failed', details: { method: 'password' } },
      { type: 'reauth_failed', details: { method: 'totp' } },
      { type: 'reauth_succeeded', details: { method: 'password' } },
    ]);
    expect(JSON.stringify(audit)).not.toContain(TEST_PASSWORD);
  });

  it('a viewer may re-authenticate too (then change their own password)', async () => {
    const viewer = await app.signIn({ email: 'lecteur@example.ch', role: 'viewer' });
    await makeProofStale(app, 'lecteur@example.ch');
    expect((await viewer.post('/api/simple-auth/reauth', { method: 'password', code: TEST_PASSWORD })).status).toBe(200);
    // Still read-only in the back office: the proof is no permission.
    expect((await viewer.post('/api/admin/leads', { firstName: 'Léa', email: 'lea@example.ch' })).status).toBe(403);
  });

  it('refuses a request without a session, an unknown method, an empty code', async () => {
    expect((await app.client().post('/api/simple-auth/reauth', { method: 'password', code: TEST_PASSWORD })).status).toBe(401);
    const admin = await app.signIn();
    expect((await admin.post('/api/simple-auth/reauth', { method: 'sms', code: '123456' })).status).toBe(400);
    expect(await admin.post('/api/simple-auth/reauth', { method: 'password', code: '' })).toMatchObject({ status: 400, body: { message: expect.any(String) } });
  });
});

describe('an account with a TOTP factor', () => {
  let admin: TestClient;
  let secret: string;
  const email = 'totp@example.ch';

  beforeAll(async () => {
    admin = await app.signIn({ email });
    secret = await enrolTotp(app, email);
  });

  it('no longer accepts the password alone', async () => {
    await makeProofStale(app, email);
    const refused = await admin.post('/api/simple-auth/reauth', { method: 'password', code: TEST_PASSWORD });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Utilisez votre second facteur.' } });
    expect((await admin.get(CSV)).status).toBe(403);
  });

  it('accepts a current code once: the same code replayed is refused', async () => {
    await makeProofStale(app, email);
    expect(await admin.post('/api/simple-auth/reauth', { method: 'totp', code: wrongCode(secret) })).toMatchObject({
      status: 401,
      body: { message: 'Code incorrect ou déjà utilisé.' },
    });
    const code = totpCode(secret);
    expect((await admin.post('/api/simple-auth/reauth', { method: 'totp', code })).status).toBe(200);
    expect((await admin.get(CSV)).status).toBe(200);

    await makeProofStale(app, email);
    const replay = await admin.post('/api/simple-auth/reauth', { method: 'totp', code });
    expect(replay).toMatchObject({ status: 401, body: { message: 'Code incorrect ou déjà utilisé.' } });
    expect(await admin.get(CSV)).toMatchObject({ status: 403, body: REAUTH_REFUSAL });
    expect((await auditOf(email)).map((event) => event.type)).toEqual(['reauth_failed', 'reauth_succeeded', 'reauth_failed']);
  });

  it('accepts a recovery code once', async () => {
    const [code] = await replaceRecoveryCodes(app.knex, await userIdOf(app, email));
    await makeProofStale(app, email);
    expect((await admin.post('/api/simple-auth/reauth', { method: 'recovery', code: code!.toLowerCase() })).status).toBe(200);
    expect((await admin.get(CSV)).status).toBe(200);
    await makeProofStale(app, email);
    expect((await admin.post('/api/simple-auth/reauth', { method: 'recovery', code })).status).toBe(401);
    expect((await admin.get(CSV)).status).toBe(403);
  });
});
