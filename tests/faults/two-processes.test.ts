/**
 * Two API processes on one PostgreSQL: a session created through one is accepted by the other
 * (sessions live in the database), and the login limit holds across both (counters too).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer, removeDataDir, type ProductionServer } from '../e2e/server.ts';
import { TestClient } from '../api/harness.ts';
import { createScratchDatabase, type ScratchDatabase } from '../scratch-database.ts';

let scratch: ScratchDatabase;
let first: ProductionServer;
let second: ProductionServer;

beforeAll(async () => {
  scratch = await createScratchDatabase('two');
  const shared = { DATABASE_URL: scratch.url, SESSION_SECRET: randomBytes(32).toString('hex'), RATE_LIMITS: 'on' };
  first = await startProductionServer(shared);
  second = await startProductionServer(shared);
});

afterAll(async () => {
  for (const server of [first, second]) {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  }
  await scratch?.drop();
});

/** The same browser talking to two instances behind a load balancer: one cookie jar, two origins. */
function balanced(): { viaFirst: TestClient; viaSecond: TestClient } {
  const viaFirst = new TestClient(first.url);
  const viaSecond = new TestClient(second.url);
  viaSecond.cookies = viaFirst.cookies;
  return { viaFirst, viaSecond };
}

describe('two API processes sharing one PostgreSQL', () => {
  it('accepts on one instance a session created on the other, and ends it everywhere on logout', async () => {
    const { viaFirst, viaSecond } = balanced();
    const setup = await viaFirst.post('/api/simple-auth/setup-admin', {
      email: 'admin@example.ch',
      password: 'un-mot-de-passe-solide',
      firstName: 'Admin',
      lastName: 'Utilisateur',
      // Production: the code the first process logged at start (decision 021).
      setupCode: first.setupCode(),
    });
    expect(setup.status).toBe(201);
    const me = await viaSecond.get('/api/simple-auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('admin@example.ch');

    expect((await viaSecond.post('/api/simple-auth/logout')).status).toBe(200);
    expect((await viaFirst.get('/api/simple-auth/user')).status).toBe(401);
  });

  it('counts login failures across both instances', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const client = new TestClient(attempt % 2 === 0 ? first.url : second.url);
      const response = await client.post('/api/simple-auth/login', { email: 'admin@example.ch', password: `mauvais-${attempt}` });
      statuses.push(response.status);
    }
    // 5 failures per account in 15 minutes, wherever they land; the 6th is refused.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await new TestClient(second.url).post('/api/simple-auth/login', { email: 'admin@example.ch', password: 'un-mot-de-passe-solide' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
