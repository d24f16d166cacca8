import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { loadConfig } from '../../api/platform/config.ts';
import { SessionStore } from '../../api/platform/http/session.ts';

/** Idle timeout 60 s, absolute lifetime 300 s, so the clock can be moved past them. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ SESSION_IDLE_TIMEOUT_SECONDS: '60', SESSION_ABSOLUTE_TIMEOUT_SECONDS: '300' });
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the application's clock (the server runs in this process; session expiry follows its clock). */
async function advance(seconds: number): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + seconds * 1000 });
}

describe('session lifetime', () => {
  it('stays signed in while active: each answer pushes the idle expiry back (rolling)', async () => {
    const client = await app.signIn();
    for (let step = 0; step < 3; step += 1) {
      await advance(40);
      const response = await client.get('/api/simple-auth/user');
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('ic.sid='))).toBe(true);
    }
  });

  it('signs out after the idle timeout without activity', async () => {
    const client = await app.signIn();
    await advance(61);
    expect((await client.get('/api/simple-auth/user')).status).toBe(401);
  });

  it('signs out after the absolute lifetime even when active all along', async () => {
    const client = await app.signIn();
    for (let elapsed = 0; elapsed < 280; elapsed += 40) {
      await advance(40);
      expect((await client.get('/api/simple-auth/user')).status).toBe(200);
    }
    await advance(40);
    expect((await client.get('/api/simple-auth/user')).status).toBe(401);
  });

  it('never stores a row for an anonymous visitor', async () => {
    const before = Number((await app.knex('sessions').count({ n: '*' }).first())!.n);
    const response = await app.client().get('/api/simple-auth/user');
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(Number((await app.knex('sessions').count({ n: '*' }).first())!.n)).toBe(before);
  });

  it("answers an administrator's parallel requests, which all rewrite the same session, without a conflict", async () => {
    // An admin screen fires several requests at once; every answer pushes the same session's expiry
    // back. Found by the soak run: an upsert of the row raced itself (409 and 500 answers).
    const client = await app.signIn();
    const statuses: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(Array.from({ length: 30 }, () => client.get('/api/simple-auth/user')));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('rewrites one session row from many concurrent writers, keeping its sign-in facts', async () => {
    const client = await app.signIn();
    const store = new SessionStore(app.knex, app.config);
    // The store is keyed by the cookie's value (the table by its hash).
    const sid = client.cookies.get('ic.sid')!;
    const sess = (await store.get(sid))!;
    const row = await app.knex('sessions').where({ publicId: sess.publicId }).first();
    expect(row).toMatchObject({ userId: sess.userId });
    // Eight writers, 4,000 writes in all: the race needed about that many.
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let write = 0; write < 500; write += 1) {
          await store.set(sid, sess, 60_000).catch((error: unknown) => failures.push(String(error)));
        }
      }),
    );
    expect(failures).toEqual([]);
    const rows = await app.knex('sessions').where({ publicId: row!.publicId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: row!.userId, browser: row!.browser, ipPrefix: row!.ipPrefix });
  });

  it('purges expired rows', async () => {
    await app.knex('sessions').insert({ sid: 'expiree', sess: JSON.stringify({ userId: 1 }), expire: new Date(Date.now() - 1000) });
    const store = new SessionStore(app.knex, app.config);
    expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await app.knex('sessions').where({ sid: 'expiree' }).first()).toBeUndefined();
  });
});

describe('Secure cookie in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://innercircle.example.ch' });
  });
  afterAll(() => production.close());

  it('marks the session cookie Secure and names it with the __Host- prefix when the public address is https', async () => {
    const client = production.client();
    await production.signIn({ email: 'prod@example.ch' });
    const response = await client.post('/api/simple-auth/login', { email: 'prod@example.ch', password: 'motdepasse-solide-42' }, { headers: { origin: 'https://innercircle.example.ch' } });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    // __Host-: browsers accept it only Secure, on path /, without Domain (no subdomain can plant it).
    const sessionCookie = cookies.find((cookie) => /^__Host-ic\.sid=[^;]+/.test(cookie))!;
    expect(sessionCookie).toMatch(/;\s*secure/i);
    expect(sessionCookie).toMatch(/httponly/i);
    expect(sessionCookie).toMatch(/;\s*path=\/(;|$)/i);
    expect(sessionCookie).not.toMatch(/domain=/i);
    expect(cookies.some((cookie) => /^ic\.sid=/.test(cookie))).toBe(false);
    // The prefixed cookie is the one the server reads back.
    const me = await client.get('/api/simple-auth/user', { headers: { origin: 'https://innercircle.example.ch' } });
    expect(me.status).toBe(200);
  });

  it('requires the configuration to name a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });
});
