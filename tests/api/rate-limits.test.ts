/**
 * Brute force and flooding: login failures are limited per account and per IP, setup-admin and the
 * public lead form per IP; past a limit the answer is 429 with Retry-After, and the counters live in
 * PostgreSQL (see tests/faults/two-processes.test.ts for two processes sharing them).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from './harness.ts';

let app: TestApp;
beforeAll(async () => {
  // Behind one trusted proxy, so each test can play several client IPs through X-Forwarded-For.
  app = await startTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: 'true', TRUSTED_PROXY_COUNT: '1' });
  await app.signIn({ email: 'camille@example.ch' });
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.emptyTables('rate_limits');
});

const login = (email: string, password: string, ip = '203.0.113.10') => app.client().post('/api/simple-auth/login', { email, password }, { headers: { 'x-forwarded-for': ip } });

describe('login attempts', () => {
  it('blocks an account after 5 failures, even with the right password, with Retry-After', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login('camille@example.ch', 'mauvais-mot-de-passe', `203.0.113.${attempt + 20}`)).status).toBe(401);
    }
    const blocked = await login('camille@example.ch', TEST_PASSWORD, '203.0.113.99');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('resets the account counter after a success', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await login('camille@example.ch', 'faux')).status).toBe(401);
    expect((await login('camille@example.ch', TEST_PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await login('camille@example.ch', 'faux')).status).toBe(401);
    expect((await login('camille@example.ch', TEST_PASSWORD)).status).toBe(200);
  });

  it('blocks an IP after 20 failures across accounts, but not other IPs', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(`inconnu${attempt}@example.ch`, 'faux', '198.51.100.7')).status).toBe(401);
    }
    expect((await login('camille@example.ch', TEST_PASSWORD, '198.51.100.7')).status).toBe(429);
    expect((await login('camille@example.ch', TEST_PASSWORD, '198.51.100.8')).status).toBe(200);
  });

  it('reads the client IP from the trusted proxy only: a forged X-Forwarded-For prefix changes nothing', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      // The client prepends a fake address each time; the proxy appends the real one (last).
      const response = await login(`x${attempt}@example.ch`, 'faux', `10.0.0.${attempt}, 198.51.100.50`);
      expect(response.status).toBe(401);
    }
    expect((await login('camille@example.ch', TEST_PASSWORD, '10.9.9.9, 198.51.100.50')).status).toBe(429);
  });
});

describe('setup-admin and the public lead form', () => {
  it('limits setup-admin attempts per IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await app
        .client()
        .post(
          '/api/simple-auth/setup-admin',
          { email: `a${attempt}@example.ch`, password: 'un-mot-de-passe-solide', firstName: 'Admin', lastName: 'Utilisateur' },
          { headers: { 'x-forwarded-for': '192.0.2.1' } },
        );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 409)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('accepts 10 lead submissions a minute per IP, then answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      const response = await app.client().post('/api/leads', { firstName: 'Flot', email: `flot${n}@example.ch`, type: 'contact' }, { headers: { 'x-forwarded-for': '192.0.2.2' } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const rows = await app.knex('leads').where('email', 'like', 'flot%').pluck('email');
    expect(rows).toHaveLength(10);
    const other = await app.client().post('/api/leads', { firstName: 'Autre', email: 'autre@example.ch', type: 'contact' }, { headers: { 'x-forwarded-for': '192.0.2.3' } });
    expect(other.status).toBe(201);
  });
});

describe('maintenance', () => {
  it('purges expired counters and day-old idempotency keys, and folds the contact counters', async () => {
    const { runMaintenance } = await import('../../api/features/operations/maintenance.ts');
    await app.knex('rateLimits').insert([
      { key: 'login:ip:old', points: 3, resetAt: new Date(Date.now() - 1000) },
      { key: 'login:ip:live', points: 3, resetAt: new Date(Date.now() + 60_000) },
    ]);
    await app.knex('idempotencyKeys').insert([
      { key: 'leads:vieille-cle', requestHash: 'x', createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) },
      { key: 'leads:cle-recente', requestHash: 'y' },
    ]);
    await runMaintenance(app.knex);
    // Other tests of this file leave live counters of their own (the acknowledgement limit); only these two are ours.
    expect(await app.knex('rateLimits').whereIn('key', ['login:ip:old', 'login:ip:live']).pluck('key')).toEqual(['login:ip:live']);
    expect(await app.knex('idempotencyKeys').whereIn('key', ['leads:vieille-cle', 'leads:cle-recente']).pluck('key')).toEqual(['leads:cle-recente']);
  });
});
