/**
 * Passkeys (docs/decisions/146-passkeys.md): registration of several named passkeys, and a passkey as
 * the whole sign-in from a discoverable credential, with what must be refused: another origin or RP ID,
 * a challenge used twice, a counter that goes back, an unverified user, a deactivated account.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { SoftwareAuthenticator } from '../../support/software-authenticator.ts';
import { accountWithPasskey, PASSKEY_FAILED, registerPasskey } from './passkeys-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('registering passkeys', () => {
  it('registers two named passkeys; the first brings ten recovery codes, the second excludes the first', async () => {
    const client = await app.signIn({ email: 'deux-cles@example.ch' });
    const authenticator = new SoftwareAuthenticator(app.url);

    const options = await client.post('/api/simple-auth/mfa/passkey/options');
    expect(options.body.rp).toEqual({ name: 'Inner Circle', id: '127.0.0.1' });
    expect(options.body.excludeCredentials).toEqual([]);
    const first = await client.post('/api/simple-auth/mfa/passkey', { name: '  Portable  ', response: authenticator.create(options.body) });
    expect(first.status).toBe(201);
    expect(first.body.factor).toMatchObject({ type: 'passkey', name: 'Portable' });
    expect(first.body.recoveryCodes).toHaveLength(10);

    const second = await registerPasskey(client, authenticator, 'Téléphone');
    expect(second.factor.name).toBe('Téléphone');
    expect(second.recoveryCodes).toBeUndefined();
    const again = await client.post('/api/simple-auth/mfa/passkey/options');
    expect(again.body.excludeCredentials.map((item: { id: string }) => item.id).sort()).toEqual(authenticator.credentials.map((credential) => credential.id.toString('base64url')).sort());

    const userId = (await app.knex('users').where({ email: 'deux-cles@example.ch' }).first('id')).id;
    const rows = await app.knex('userFactors').where({ userId }).orderBy('id').select('type', 'name', 'signCount', 'confirmedAt');
    expect(rows.map((row) => [row.type, row.name, Number(row.signCount), row.confirmedAt !== null])).toEqual([
      ['passkey', 'Portable', 0, true],
      ['passkey', 'Téléphone', 0, true],
    ]);
    expect(Number((await app.knex('recoveryCodes').where({ userId }).count({ n: '*' }).first())!.n)).toBe(10);
    expect(Number((await app.knex('auditEvents').where({ userId, type: 'passkey_registered' }).count({ n: '*' }).first())!.n)).toBe(2);
    // Registering re-signed this session in: it goes on.
    expect((await client.get('/api/simple-auth/user')).status).toBe(200);
  });

  it('ends the other sessions of the account when a passkey is added', async () => {
    const email = 'autres-sessions@example.ch';
    const client = await app.signIn({ email });
    const elsewhere = app.client();
    expect((await elsewhere.post('/api/simple-auth/login', { email, password: 'motdepasse-solide-42' })).status).toBe(200);
    await registerPasskey(client, new SoftwareAuthenticator(app.url), 'Clé USB');
    expect((await elsewhere.get('/api/simple-auth/user')).status).toBe(401);
    expect((await client.get('/api/simple-auth/user')).status).toBe(200);
  });

  it('refuses a name that is blank or too long, in French', async () => {
    const client = await app.signIn({ email: 'nom-cle@example.ch' });
    const authenticator = new SoftwareAuthenticator(app.url);
    for (const [name, message] of [
      ['   ', "Le nom de la clé d'accès est obligatoire."],
      ['x'.repeat(101), "Le nom de la clé d'accès ne doit pas dépasser 100 caractères."],
    ]) {
      const options = await client.post('/api/simple-auth/mfa/passkey/options');
      const response = await client.post('/api/simple-auth/mfa/passkey', { name, response: authenticator.create(options.body) });
      expect(response.status).toBe(400);
      expect(response.body.errors.map((error: { message: string }) => error.message)).toContain(message);
    }
    expect(
      await app
        .knex('userFactors')
        .select('id')
        .whereIn('userId', app.knex('users').where({ email: 'nom-cle@example.ch' }).select('id')),
    ).toEqual([]);
  });

  it('refuses a registration from another origin, for another RP ID, or answering a used challenge', async () => {
    const client = await app.signIn({ email: 'enregistrement-refuse@example.ch' });
    const authenticator = new SoftwareAuthenticator(app.url);
    for (const tampering of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const options = await client.post('/api/simple-auth/mfa/passkey/options');
      const response = await client.post('/api/simple-auth/mfa/passkey', { name: 'Clé', response: authenticator.create(options.body, tampering) });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Cette clé d'accès n'a pas pu être enregistrée. Réessayez.");
    }
    const options = await client.post('/api/simple-auth/mfa/passkey/options');
    const jar = new Map(client.cookies);
    expect((await client.post('/api/simple-auth/mfa/passkey', { name: 'Clé', response: authenticator.create(options.body) })).status).toBe(201);
    client.cookies = new Map([...client.cookies, ...[...jar].filter(([name]) => name.startsWith('ic.webauthn'))]);
    const reused = await client.post('/api/simple-auth/mfa/passkey', { name: 'Copie', response: authenticator.create(options.body) });
    expect(reused.status).toBe(400);
    expect(
      await app
        .knex('userFactors')
        .whereIn('userId', app.knex('users').where({ email: 'enregistrement-refuse@example.ch' }).select('id'))
        .pluck('name'),
    ).toEqual(['Clé']);
  });

  it('lets a viewer register a passkey of their own', async () => {
    const { factor } = await accountWithPasskey(app, 'lecteur-cle@example.ch', 'viewer');
    expect(factor.name).toBe('Portable');
  });
});

describe('a passkey as the whole sign-in', () => {
  async function signInWithPasskey(authenticator: SoftwareAuthenticator, tampering = {}) {
    const client = app.client();
    const options = await client.post('/api/simple-auth/passkey/options');
    expect(options.status).toBe(200);
    const response = await client.post('/api/simple-auth/passkey/verify', { response: authenticator.get(options.body, tampering) });
    return { client, options: options.body, response };
  }

  it('signs in with a discoverable credential, the user verified, and records the method', async () => {
    const { authenticator, userId } = await accountWithPasskey(app, 'entiere@example.ch');
    const { client, options, response } = await signInWithPasskey(authenticator);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe('127.0.0.1');
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(response.status).toBe(200);
    expect(response.body.email).toBe('entiere@example.ch');
    expect((await client.get('/api/simple-auth/user')).body.email).toBe('entiere@example.ch');
    const event = await app.knex('auditEvents').where({ userId, type: 'login_succeeded' }).orderBy('id', 'desc').first('details');
    expect(event.details).toMatchObject({ method: 'passkey' });
    const row = await app.knex('userFactors').where({ userId }).first('signCount', 'lastUsedAt');
    expect(Number(row.signCount)).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('refuses another origin, another RP ID, an old challenge and an unverified user with 401 in French', async () => {
    const { authenticator, userId } = await accountWithPasskey(app, 'refus@example.ch');
    const old = await app.client().post('/api/simple-auth/passkey/options');
    for (const tampering of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { challenge: old.body.challenge }, { userVerified: false }]) {
      const { client, response } = await signInWithPasskey(authenticator, tampering);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: PASSKEY_FAILED });
      expect((await client.get('/api/simple-auth/user')).status).toBe(401);
    }
    expect(Number((await app.knex('auditEvents').where({ userId, type: 'passkey_failed' }).count({ n: '*' }).first())!.n)).toBe(4);
  });

  it('refuses an assertion sent twice (its challenge is used once)', async () => {
    const { authenticator } = await accountWithPasskey(app, 'rejeu@example.ch');
    const client = app.client();
    const options = await client.post('/api/simple-auth/passkey/options');
    const assertion = authenticator.get(options.body);
    const thief = app.client();
    thief.cookies = new Map(client.cookies);
    expect((await client.post('/api/simple-auth/passkey/verify', { response: assertion })).status).toBe(200);
    const replay = await thief.post('/api/simple-auth/passkey/verify', { response: assertion });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(PASSKEY_FAILED);
  });

  it('refuses a challenge older than 5 minutes', async () => {
    const { authenticator } = await accountWithPasskey(app, 'perime@example.ch');
    const client = app.client();
    const options = await client.post('/api/simple-auth/passkey/options');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60 * 1000 + 1000 });
    const response = await client.post('/api/simple-auth/passkey/verify', { response: authenticator.get(options.body) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: PASSKEY_FAILED });
  });

  it('refuses a counter that goes back or stays, and accepts an authenticator that keeps none', async () => {
    const { authenticator, userId } = await accountWithPasskey(app, 'compteur@example.ch');
    expect((await signInWithPasskey(authenticator, { counter: 10 })).response.status).toBe(200);
    for (const counter of [5, 10]) expect((await signInWithPasskey(authenticator, { counter })).response.status).toBe(401);
    expect(Number((await app.knex('userFactors').where({ userId }).first('signCount')).signCount)).toBe(10);
    expect((await signInWithPasskey(authenticator, { counter: 11 })).response.status).toBe(200);

    const zero = await accountWithPasskey(app, 'sans-compteur@example.ch');
    for (let time = 0; time < 2; time += 1) expect((await signInWithPasskey(zero.authenticator, { counter: 0 })).response.status).toBe(200);
  });

  it('refuses a deactivated account like a wrong key, and an unknown credential', async () => {
    const { authenticator, userId } = await accountWithPasskey(app, 'desactive@example.ch');
    await app.knex('users').where({ id: userId }).update({ active: false });
    const { response } = await signInWithPasskey(authenticator);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: PASSKEY_FAILED });

    const stranger = new SoftwareAuthenticator(app.url);
    stranger.create({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { id: '127.0.0.1' }, user: { id: 'AAAA' } });
    expect((await signInWithPasskey(stranger)).response.status).toBe(401);
  });

  it('answers a malformed answer with 400, never 500', async () => {
    const client = app.client();
    await client.post('/api/simple-auth/passkey/options');
    const response = await client.post('/api/simple-auth/passkey/verify', { response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!' } } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBeTruthy();
  });
});
