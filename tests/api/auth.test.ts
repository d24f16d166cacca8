import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ADMIN = { email: 'Premiere.Admin@Example.ch', password: 'un-mot-de-passe-solide', firstName: 'Admin', lastName: 'Utilisateur' };
/** The email of the admin who won the setup race (either racer may win). */
let adminEmail = '';

describe('POST /api/simple-auth/setup-admin', () => {
  it('refuses a short password with a message giving the minimum', async () => {
    const response = await app.client().post('/api/simple-auth/setup-admin', { ...ADMIN, password: 'court' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Données invalides',
      errors: [{ path: 'password', message: 'Le mot de passe doit comporter au moins 12 caractères' }],
    });
  });

  it('asks for every field when one is empty', async () => {
    const response = await app.client().post('/api/simple-auth/setup-admin', { email: '', password: '' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'email', message: 'Veuillez remplir tous les champs' },
      { path: 'password', message: 'Veuillez remplir tous les champs' },
    ]);
  });

  it('refuses an invalid email and a password over 128 characters', async () => {
    const response = await app.client().post('/api/simple-auth/setup-admin', { ...ADMIN, email: 'pas-un-email', password: 'x'.repeat(129) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'email', message: 'Email invalide' },
      { path: 'password', message: 'Le mot de passe ne doit pas dépasser 128 caractères' },
    ]);
  });

  it('creates exactly one admin when two calls race on an empty database, and signs the winner in', async () => {
    const first = app.client();
    const second = app.client();
    const responses = await Promise.all([
      first.post('/api/simple-auth/setup-admin', ADMIN),
      // Different emails: the unique index on email cannot be what stops the second account.
      second.post('/api/simple-auth/setup-admin', { ...ADMIN, email: 'Autre.Admin@example.ch' }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const users = await app.knex('users').select('email', 'username', 'isAdmin');
    expect(users).toHaveLength(1);
    expect(users[0]!.isAdmin).toBe(true);
    expect(users[0]!.username).toBe(users[0]!.email);
    adminEmail = users[0]!.email;

    const loser = responses.find((response) => response.status === 409)!;
    expect(loser.body).toEqual({ message: 'Un compte administrateur existe déjà.' });
    const winner = responses[0]!.status === 201 ? first : second;
    const me = await winner.get('/api/simple-auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(users[0]!.email);
  });

  it('answers 409 once an account exists', async () => {
    const response = await app.client().post('/api/simple-auth/setup-admin', { ...ADMIN, email: 'encore@example.ch' });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Un compte administrateur existe déjà.');
  });

  it('stores the email lower-cased and the password as an Argon2id hash', async () => {
    const user = await app.knex('users').first();
    expect(['premiere.admin@example.ch', 'autre.admin@example.ch']).toContain(user.email);
    expect(user.password).toMatch(/^argon2id\$/);
  });
});

describe('POST /api/simple-auth/login', () => {
  it('signs in with the email in any letter case and returns the user', async () => {
    const client = app.client();
    const response = await client.post('/api/simple-auth/login', { email: adminEmail.toUpperCase(), password: ADMIN.password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(Number),
      username: adminEmail,
      email: adminEmail,
      firstName: 'Admin',
      lastName: 'Utilisateur',
      bio: null,
      profileImageUrl: null,
      isAdmin: true,
      role: 'admin',
    });
    expect(JSON.stringify(response.body)).not.toContain('argon2');
  });

  it('signs in with the username too', async () => {
    await app.knex('users').insert({ username: 'Camille', email: 'camille@example.ch', password: (await app.knex('users').first()).password, role: 'viewer' });
    const response = await app.client().post('/api/simple-auth/login', { email: 'camille', password: ADMIN.password });
    expect(response.status).toBe(200);
    expect(response.body.email).toBe('camille@example.ch');
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrongPassword = await app.client().post('/api/simple-auth/login', { email: adminEmail, password: 'mauvais-mot-de-passe' });
    const unknownEmail = await app.client().post('/api/simple-auth/login', { email: 'inconnu@example.ch', password: ADMIN.password });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Identifiants invalides.' });
      expect(response.headers.getSetCookie().join()).not.toMatch(/ic\.sid=[^;]/);
    }
  });

  it('asks for both fields', async () => {
    const response = await app.client().post('/api/simple-auth/login', { email: ' ', password: '' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'email', message: 'Veuillez remplir tous les champs' },
      { path: 'password', message: 'Veuillez remplir tous les champs' },
    ]);
  });

  it('issues a new session id at sign-in (no session fixation) in an httpOnly, SameSite=Lax, signed cookie', async () => {
    const client = app.client();
    client.cookies.set('ic.sid', 'identifiant-impose-par-un-attaquant');
    const response = await client.post('/api/simple-auth/login', { email: adminEmail, password: ADMIN.password });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    const sessionCookie = cookies.find((cookie) => /^ic\.sid=[^;]+/.test(cookie))!;
    expect(sessionCookie).toMatch(/httponly/i);
    expect(sessionCookie).toMatch(/samesite=lax/i);
    expect(sessionCookie).not.toMatch(/secure/i);
    expect(cookies.some((cookie) => cookie.startsWith('ic.sid.sig='))).toBe(true);
    const sid = client.cookies.get('ic.sid')!;
    expect(sid).not.toBe('identifiant-impose-par-un-attaquant');
    expect(Buffer.from(sid, 'base64url')).toHaveLength(32);
    // The table keys sessions by a hash of the id: the cookie value itself is not stored.
    const rows = await app.knex('sessions').select('sid');
    expect(rows.map((row) => row.sid)).not.toContain(sid);
  });

  it('issues a different session id on each sign-in of the same browser', async () => {
    const client = app.client();
    await client.post('/api/simple-auth/login', { email: adminEmail, password: ADMIN.password });
    const before = client.cookies.get('ic.sid');
    await client.post('/api/simple-auth/login', { email: adminEmail, password: ADMIN.password });
    expect(client.cookies.get('ic.sid')).not.toBe(before);
    const stale = app.client();
    stale.cookies.set('ic.sid', before!);
    stale.cookies.set('ic.sid.sig', client.cookies.get('ic.sid.sig')!);
    expect((await stale.get('/api/simple-auth/user')).status).toBe(401);
  });
});

describe('current user, logout and redirects', () => {
  it('answers 401 on both current-user paths when signed out', async () => {
    for (const path of ['/api/simple-auth/user', '/api/auth/user']) {
      const response = await app.client().get(path);
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Veuillez vous connecter pour accéder à cette ressource.');
    }
  });

  it('returns the signed-in user on both paths', async () => {
    const client = await app.signIn({ email: 'lea@example.ch', firstName: 'Léa', lastName: 'Favre' });
    for (const path of ['/api/simple-auth/user', '/api/auth/user']) {
      const response = await client.get(path);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email: 'lea@example.ch', firstName: 'Léa', lastName: 'Favre', isAdmin: true });
      expect(response.body).not.toHaveProperty('password');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('logs out: the session row is destroyed and the cookie cleared', async () => {
    const client = await app.signIn();
    const sessionsBefore = Number((await app.knex('sessions').count({ n: '*' }).first())!.n);
    const response = await client.post('/api/simple-auth/logout');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Vous êtes déconnecté.');
    expect(client.cookies.has('ic.sid')).toBe(false);
    const sessionsAfter = Number((await app.knex('sessions').count({ n: '*' }).first())!.n);
    expect(sessionsAfter).toBe(sessionsBefore - 1);
    expect((await client.get('/api/simple-auth/user')).status).toBe(401);
  });

  it('keeps a signed-out session dead even if the old cookie is replayed', async () => {
    const client = await app.signIn();
    const saved = new Map(client.cookies);
    await client.post('/api/simple-auth/logout');
    client.cookies = saved;
    expect((await client.get('/api/simple-auth/user')).status).toBe(401);
  });

  it('GET /api/logout ends the session and redirects to /login', async () => {
    const client = await app.signIn();
    const response = await client.get('/api/logout');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
    expect((await client.get('/api/simple-auth/user')).status).toBe(401);
  });

  it('GET /api/login redirects to /login, keeping a local next path only', async () => {
    const plain = await app.client().get('/api/login');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/login');
    const withNext = await app.client().get('/api/login', { query: { next: '/admin/leads?page=2' } });
    expect(withNext.headers.get('location')).toBe('/login?next=%2Fadmin%2Fleads%3Fpage%3D2');
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const response = await app.client().get('/api/login', { query: { next } });
      expect(response.headers.get('location')).toBe('/login');
    }
  });

  it('refuses a tampered cookie signature', async () => {
    const client = await app.signIn();
    client.cookies.set('ic.sid.sig', 'faux');
    expect((await client.get('/api/simple-auth/user')).status).toBe(401);
  });
});

// PGlite has a single connection, so requests are serialised there by construction; on PostgreSQL two
// setup-admin transactions can really interleave. This test forces the worst interleaving: a table lock
// holds both requests right before their INSERT, after each has checked that no account exists.
if (process.env.TEST_DB === 'pg') {
  describe('setup-admin on PostgreSQL, worst interleaving', () => {
    let fresh: TestApp;
    beforeAll(async () => {
      fresh = await startTestApp();
    });
    afterAll(() => fresh.close());

    it('still creates a single admin when both requests passed the "no account yet" check', async () => {
      const blocker = await fresh.knex.transaction();
      await blocker.raw('lock table users in share row exclusive mode');
      const racing = Promise.all(['un@example.ch', 'deux@example.ch'].map((email) => fresh.client().post('/api/simple-auth/setup-admin', { ...ADMIN, email })));
      // Wait until both requests are blocked (on the table lock or on the setup lock), then let them go.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const { rows } = await fresh.knex.raw('select count(*)::int as waiting from pg_locks where not granted and database = (select oid from pg_database where datname = current_database())');
        if (rows[0].waiting >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await blocker.commit();
      const statuses = (await racing).map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409]);
      expect(await fresh.knex('users').select('id')).toHaveLength(1);
    });
  });
}
