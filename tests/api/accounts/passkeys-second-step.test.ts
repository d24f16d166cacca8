/**
 * A passkey as the sign-in's second step, and for re-authentication (docs/decisions/146-passkeys.md):
 * after the password, only the pending account's passkeys are asked for and accepted; a stale proof is
 * renewed by a passkey, after which a gated route passes; a deleted passkey no longer signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { ageLastProof, typePassword } from './mfa-support.ts';
import { accountWithPasskey, PASSKEY_FAILED, registerPasskey } from './passkeys-support.ts';

const EXPIRED = 'Votre connexion a expiré. Saisissez à nouveau votre mot de passe.';
const REAUTH = 'Confirmez votre identité pour continuer.';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('a passkey as the second step', () => {
  it('asks for the pending account’s passkeys after its password, then opens the session', async () => {
    const { authenticator, userId } = await accountWithPasskey(app, 'second-pas@example.ch');
    const client = app.client();
    const login = await client.post('/api/simple-auth/login', { email: 'second-pas@example.ch', password: 'motdepasse-solide-42' });
    expect(login.body).toEqual({ mfaRequired: true, methods: ['passkey', 'recovery'] });
    const options = await client.post('/api/simple-auth/passkey/options');
    expect(options.body.userVerification).toBe('preferred');
    expect(options.body.allowCredentials.map((item: { id: string }) => item.id)).toEqual([authenticator.credentials[0]!.id.toString('base64url')]);
    // User verification is preferred, not required, at the second step: the password was the other factor.
    const response = await client.post('/api/simple-auth/passkey/verify', { response: authenticator.get(options.body, { userVerified: false }) });
    expect(response.status, response.text).toBe(200);
    expect(response.body.email).toBe('second-pas@example.ch');
    expect(client.cookies.has('ic.mfa')).toBe(false);
    expect((await client.get('/api/simple-auth/user')).status).toBe(200);
    const event = await app.knex('auditEvents').where({ userId, type: 'login_succeeded' }).orderBy('id', 'desc').first('details');
    expect(event.details).toMatchObject({ method: 'passkey' });
  });

  it('refuses another account’s passkey after this account’s password', async () => {
    await accountWithPasskey(app, 'pas-a@example.ch');
    const other = await accountWithPasskey(app, 'pas-b@example.ch');
    const client = await typePassword(app, 'pas-a@example.ch');
    const options = await client.post('/api/simple-auth/passkey/options');
    const response = await client.post('/api/simple-auth/passkey/verify', { response: other.authenticator.get(options.body, {}, other.authenticator.credentials[0]) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: PASSKEY_FAILED });
    expect((await client.get('/api/simple-auth/user')).status).toBe(401);
  });

  it('asks for the password again once the pending sign-in is gone', async () => {
    const { authenticator } = await accountWithPasskey(app, 'pas-expire@example.ch');
    const client = await typePassword(app, 'pas-expire@example.ch');
    const options = await client.post('/api/simple-auth/passkey/options');
    client.cookies.delete('ic.mfa');
    const response = await client.post('/api/simple-auth/passkey/verify', { response: authenticator.get(options.body) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: EXPIRED });
  });
});

describe('re-authentication with a passkey', () => {
  it('renews a stale proof: the gated route refused before passes after', async () => {
    const { client, authenticator } = await accountWithPasskey(app, 'reauth-cle@example.ch');
    await ageLastProof(app, client);
    const refused = await client.post('/api/simple-auth/mfa/passkey/options');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: REAUTH, reauth: true });

    const options = await client.post('/api/simple-auth/reauth/passkey/options');
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toHaveLength(1);
    const wrong = await client.post('/api/simple-auth/reauth/passkey', { response: authenticator.get(options.body, { origin: 'https://evil.example' }) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: PASSKEY_FAILED });
    expect((await client.post('/api/simple-auth/mfa/passkey/options')).status).toBe(403);

    const again = await client.post('/api/simple-auth/reauth/passkey/options');
    const before = Date.now();
    const proof = await client.post('/api/simple-auth/reauth/passkey', { response: authenticator.get(again.body) });
    expect(proof.status, proof.text).toBe(200);
    expect(Date.parse(proof.body.verifiedAt)).toBeGreaterThanOrEqual(before - 1000);
    await registerPasskey(client, authenticator, 'Deuxième');
  });

  it('refuses a passkey of another account', async () => {
    const { client } = await accountWithPasskey(app, 'reauth-a@example.ch');
    const other = await accountWithPasskey(app, 'reauth-b@example.ch');
    await ageLastProof(app, client);
    const options = await client.post('/api/simple-auth/reauth/passkey/options');
    const response = await client.post('/api/simple-auth/reauth/passkey', { response: other.authenticator.get(options.body, {}, other.authenticator.credentials[0]) });
    expect(response.status).toBe(401);
    expect((await client.post('/api/simple-auth/mfa/passkey/options')).status).toBe(403);
  });
});

describe('managing passkeys', () => {
  it('lists the named passkeys, and a deleted one no longer signs in', async () => {
    const { client, authenticator, factor } = await accountWithPasskey(app, 'suppression@example.ch');
    const second = await registerPasskey(client, authenticator, 'Téléphone');
    const list = await client.get('/api/simple-auth/mfa');
    expect(list.body.factors.map((item: { type: string; name: string }) => [item.type, item.name])).toEqual([
      ['passkey', 'Portable'],
      ['passkey', 'Téléphone'],
    ]);
    expect((await client.delete(`/api/simple-auth/mfa/${factor.id}`)).status).toBe(204);
    expect((await client.get('/api/simple-auth/mfa')).body.factors.map((item: { id: number }) => item.id)).toEqual([second.factor.id]);

    const anonymous = app.client();
    const options = await anonymous.post('/api/simple-auth/passkey/options');
    const refused = await anonymous.post('/api/simple-auth/passkey/verify', { response: authenticator.get(options.body, {}, authenticator.credentials[0]) });
    expect(refused.status).toBe(401);
    const fresh = app.client();
    const retry = await fresh.post('/api/simple-auth/passkey/options');
    expect((await fresh.post('/api/simple-auth/passkey/verify', { response: authenticator.get(retry.body, {}, authenticator.credentials[1]) })).status).toBe(200);
  });

  it('never shows another account’s passkeys in the registration options', async () => {
    const client = await app.signIn({ email: 'exclusion@example.ch' });
    await accountWithPasskey(app, 'voisin@example.ch');
    const options = await client.post('/api/simple-auth/mfa/passkey/options');
    expect(options.body.excludeCredentials).toEqual([]);
  });
});
