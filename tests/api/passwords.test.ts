/**
 * Passwords and sessions (decision 021): every new password is 12–128 characters and not guessable
 * (zxcvbn-ts score ≥ 3 with the person's names and email); a password change needs the current one,
 * counts as a sign-in attempt, ends the user's other sessions and renews the current one.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestClient } from './harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMITS: 'on' });
});
afterAll(() => app.close());

const NEW_PASSWORD = 'Sentier-des-Vignes-Lavaux-2031';

async function signInAgain(email: string, password = TEST_PASSWORD): Promise<TestClient> {
  const client = app.client();
  expect((await client.post('/api/simple-auth/login', { email, password })).status).toBe(200);
  return client;
}

describe('new passwords are not guessable', () => {
  it('refuses "aaaaaaaaaaaa" at setup-admin with 400, saying why and what to do', async () => {
    const response = await app.client().post('/api/simple-auth/setup-admin', { email: 'premier@example.ch', password: 'aaaaaaaaaaaa' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Ce mot de passe est trop facile à deviner \(Les caractères répétés comme 'aaa' sont faciles à deviner\)\./);
    expect(response.body.message).toContain('Choisissez par exemple quatre ou cinq mots sans rapport entre eux');
    expect(response.body.errors).toEqual([{ path: 'password', message: response.body.message }]);
    expect(Number((await app.knex('users').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it("counts the person's names and email as guessable", async () => {
    const response = await app.client().post('/api/simple-auth/setup-admin', {
      email: 'leonie.vuilleumier@example.ch',
      password: 'leonievuilleumier',
      firstName: 'Léonie',
      lastName: 'Vuilleumier',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Ce mot de passe est trop facile à deviner/);
  });
});

describe('POST /api/simple-auth/password', () => {
  it('requires a session', async () => {
    const response = await app.client().post('/api/simple-auth/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(401);
  });

  it('refuses a wrong current password (403), a short or a guessable new one (400), changing nothing', async () => {
    const client = await app.signIn({ email: 'refus@example.ch' });
    const wrong = await client.post('/api/simple-auth/password', { currentPassword: 'pas-le-bon', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Le mot de passe actuel est incorrect.');
    const short = await client.post('/api/simple-auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'court' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ path: 'newPassword', message: 'Le mot de passe doit comporter au moins 12 caractères' }]);
    const weak = await client.post('/api/simple-auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'refus@example.ch' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^Ce mot de passe est trop facile à deviner/);
    expect(weak.body.errors[0].path).toBe('newPassword');
    expect((await app.client().post('/api/simple-auth/login', { email: 'refus@example.ch', password: TEST_PASSWORD })).status).toBe(200);
  });

  it('counts as a sign-in attempt: after 5 wrong current passwords even the right one gets 429', async () => {
    const client = await app.signIn({ email: 'limite@example.ch' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await client.post('/api/simple-auth/password', { currentPassword: `faux-${attempt}`, newPassword: NEW_PASSWORD })).status).toBe(403);
    }
    const blocked = await client.post('/api/simple-auth/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('changes the password, ends every other session of the user and gives the current one a new id', async () => {
    const current = await app.signIn({ email: 'change@example.ch' });
    const other = await signInAgain('change@example.ch');
    const bystander = await app.signIn({ email: 'temoin@example.ch' });
    const oldCookies = new Map(current.cookies);

    const response = await current.post('/api/simple-auth/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Votre mot de passe a été modifié. Vos autres sessions ont été fermées.');

    expect(current.cookies.get('ic.sid')).not.toBe(oldCookies.get('ic.sid'));
    expect((await current.get('/api/simple-auth/user')).status).toBe(200);
    expect((await other.get('/api/simple-auth/user')).status).toBe(401);
    const replay = app.client();
    replay.cookies = oldCookies;
    expect((await replay.get('/api/simple-auth/user')).status).toBe(401);
    expect((await bystander.get('/api/simple-auth/user')).status).toBe(200);

    expect((await app.client().post('/api/simple-auth/login', { email: 'change@example.ch', password: TEST_PASSWORD })).status).toBe(401);
    expect((await app.client().post('/api/simple-auth/login', { email: 'change@example.ch', password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('GET and DELETE /api/simple-auth/sessions', () => {
  let first: TestClient;
  let second: TestClient;
  beforeAll(async () => {
    first = await app.signIn({ email: 'sessions@example.ch' });
    second = await signInAgain('sessions@example.ch');
  });

  it("lists the user's sessions with an opaque id that is neither the cookie nor its stored hash", async () => {
    const response = await first.get('/api/simple-auth/sessions');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const sessions = response.body.sessions as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(['browser', 'createdAt', 'current', 'id', 'ipPrefix', 'lastSeenAt']);
      expect(session.ipPrefix).toBe('127.0.0.0/24');
      expect(typeof session.browser).toBe('string');
      expect(Date.parse(session.createdAt as string)).not.toBeNaN();
      expect(Date.parse(session.lastSeenAt as string)).not.toBeNaN();
    }
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const storedKeys = await app.knex('sessions').pluck('sid');
    for (const client of [first, second]) {
      const cookie = client.cookies.get('ic.sid')!;
      const hash = createHash('sha256').update(cookie).digest('hex');
      for (const session of sessions) {
        expect(session.id).not.toBe(cookie);
        expect(session.id).not.toBe(hash);
        expect(storedKeys).not.toContain(session.id);
      }
    }
    // The id is no cookie: presenting it as one signs nobody in.
    const forged = app.client();
    forged.cookies.set('ic.sid', sessions[0]!.id as string);
    expect((await forged.get('/api/simple-auth/user')).status).toBe(401);
  });

  it("ends another session (204), whose cookie then gets 401; someone else's session is 404", async () => {
    const intruder = await app.signIn({ email: 'intrus@example.ch' });
    const listed = (await first.get('/api/simple-auth/sessions')).body.sessions as Array<{ id: string; current: boolean }>;
    const otherId = listed.find((session) => !session.current)!.id;
    expect((await intruder.delete(`/api/simple-auth/sessions/${otherId}`)).status).toBe(404);
    expect((await second.get('/api/simple-auth/user')).status).toBe(200);

    const response = await first.delete(`/api/simple-auth/sessions/${otherId}`);
    expect(response.status).toBe(204);
    expect((await second.get('/api/simple-auth/user')).status).toBe(401);
    expect((await first.get('/api/simple-auth/user')).status).toBe(200);
    const missing = await first.delete('/api/simple-auth/sessions/inexistante');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Cette session n'existe pas ou est déjà terminée.");
  });

  it('ends the current session too when asked', async () => {
    const listed = (await first.get('/api/simple-auth/sessions')).body.sessions as Array<{ id: string; current: boolean }>;
    const currentId = listed.find((session) => session.current)!.id;
    expect((await first.delete(`/api/simple-auth/sessions/${currentId}`)).status).toBe(204);
    expect((await first.get('/api/simple-auth/user')).status).toBe(401);
  });
});
