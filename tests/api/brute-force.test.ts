/**
 * Brute force that holds under concurrency (decision 021): attempts reserve their place in the counters
 * before Argon2 runs; hashing is bounded; per-account counters never hold what was typed; device cookies
 * keep the owner in when strangers lock the account; IPv6 counts per /64.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTION_PASSWORD_HASH_COST, startTestApp, TEST_PASSWORD, type TestApp, type TestClient } from './harness.ts';

let app: TestApp;
let camilleId: number;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: 'true', TRUSTED_PROXY_COUNT: '1' });
  await app.signIn({ email: 'camille@example.ch' });
  camilleId = (await app.knex('users').where({ email: 'camille@example.ch' }).first('id')).id;
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.emptyTables('rate_limits', 'audit_events');
});

let ipCounter = 0;
/** A fresh client IP each time, so only the account's counter (or the device's) can block. */
const freshIp = () => `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const login = (email: string, password: string, options: { ip?: string; client?: TestClient } = {}) =>
  (options.client ?? app.client()).post('/api/simple-auth/login', { email, password }, { headers: { 'x-forwarded-for': options.ip ?? freshIp() } });

describe('50 parallel wrong passwords on one account', () => {
  it('lead to at most 5 password verifications; every other attempt gets 429 with Retry-After; then the right password is refused', async () => {
    const startedBefore = app.passwordHasher.started;
    const responses = await Promise.all(Array.from({ length: 50 }, () => login('camille@example.ch', 'mauvais-mot-de-passe')));
    const statuses = responses.map((response) => response.status);
    // Reservations are atomic increments: exactly the first 5 reach the verification.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    for (const response of responses.filter((candidate) => candidate.status === 429)) {
      expect(response.body.message).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(app.passwordHasher.started - startedBefore).toBeLessThanOrEqual(5);
    const failed = await app.knex('audit_events').where({ type: 'login_failed', userId: camilleId }).count({ n: '*' }).first();
    expect(Number(failed!.n)).toBe(5);
    // The lock is recorded once, not once per refused attempt.
    expect(await app.knex('audit_events').where({ type: 'login_locked' }).select('userId', 'details')).toEqual([{ userId: camilleId, details: { counter: 'login:account' } }]);

    const right = await login('camille@example.ch', TEST_PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(app.passwordHasher.started - startedBefore).toBeLessThanOrEqual(5);
  });
});

describe('per-account counters', () => {
  it('are shared by case and Unicode variants of one email, keyed by the account id', async () => {
    const variants = ['CAMILLE@example.ch', 'camille@EXAMPLE.CH', ' camille@example.ch ', 'ｃａｍｉｌｌｅ@example.ch', 'Camille@Example.ch'];
    for (const variant of variants) expect((await login(variant, 'faux-mot-de-passe')).status).toBe(401);
    expect((await login('camille@example.ch', TEST_PASSWORD)).status).toBe(429);
    const keys = await app.knex('rate_limits').where('key', 'like', 'login:account:%').pluck('key');
    expect(keys).toEqual([`login:account:user:${camilleId}`]);
  });

  it('never store what was typed: an unknown identifier is kept as an HMAC only', async () => {
    const typed = 'Mon-Mot-De-Passe-Tape-Dans-Le-Champ-Email';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(typed, 'x')).status).toBe(401);
    expect((await login(typed.toUpperCase(), 'x')).status).toBe(429);
    const rows = await app.knex('rate_limits').select('key');
    const everything = JSON.stringify(rows).toLowerCase();
    expect(everything).not.toContain(typed.toLowerCase());
    expect(rows.filter((row) => row.key.startsWith('login:account:id:'))).toHaveLength(1);
    const audit = JSON.stringify(await app.knex('audit_events').select()).toLowerCase();
    expect(audit).not.toContain(typed.toLowerCase());
  });
});

describe('bounded password hashing', () => {
  let busy: TestApp;
  beforeAll(async () => {
    // Production's hashing cost: with a cheap hash the queue would empty before it fills.
    busy = await startTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2', ...PRODUCTION_PASSWORD_HASH_COST });
  });
  afterAll(() => busy.close());

  it('runs at most the configured number of Argon2 computations at once and answers 503 with Retry-After beyond the queue', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) => busy.client().post('/api/simple-auth/login', { email: `personne${index}@example.ch`, password: 'mot-de-passe-au-hasard' })),
    );
    const statuses = responses.map((response) => response.status);
    expect(busy.passwordHasher.peak).toBe(1);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    // One running plus two waiting were verified; the rest were turned away at once.
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
    const refused = responses.filter((response) => response.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) {
      expect(response.headers.get('retry-after')).toBe('2');
      expect(response.body.message).toBe('Le serveur traite déjà beaucoup de connexions. Veuillez réessayer dans quelques secondes.');
    }
  });
});

describe('device cookies (OWASP)', () => {
  async function ownerBrowser(): Promise<TestClient> {
    const browser = app.client();
    expect((await login('camille@example.ch', TEST_PASSWORD, { client: browser })).status).toBe(200);
    await app.knex('rate_limits').delete();
    return browser;
  }

  it('are set at sign-in: signed, long-lived, httpOnly, bound to the account', async () => {
    const browser = app.client();
    const response = await login('camille@example.ch', TEST_PASSWORD, { client: browser });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('ic.device='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=strict/i);
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(300 * 24 * 3600 * 1000);
    expect(browser.cookies.get('ic.device')).toMatch(new RegExp(`^${camilleId}\\.`));
  });

  it('let their holder in while strangers have locked the account and the IP out', async () => {
    const owner = await ownerBrowser();
    const sharedIp = '203.0.113.77';
    for (let attempt = 0; attempt < 20; attempt += 1) await login('camille@example.ch', 'devine', { ip: sharedIp });
    expect((await login('camille@example.ch', TEST_PASSWORD, { ip: freshIp() })).status).toBe(429);
    expect((await login('camille@example.ch', TEST_PASSWORD, { ip: sharedIp })).status).toBe(429);
    // Same IP as the attackers, same locked account: the device cookie's own counter decides.
    expect((await login('camille@example.ch', TEST_PASSWORD, { ip: sharedIp, client: owner })).status).toBe(200);
  });

  it('count their own attempts: 5 per 15 minutes, then 429 even with the right password', async () => {
    const owner = await ownerBrowser();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login('camille@example.ch', 'oubli', { client: owner })).status).toBe(401);
    expect((await login('camille@example.ch', TEST_PASSWORD, { client: owner })).status).toBe(429);
    // The stranger counter of the account was not touched by the owner's mistakes.
    expect(await app.knex('rate_limits').where('key', 'like', 'login:account:%').pluck('key')).toEqual([]);
  });

  it('give nothing when forged, or for another account', async () => {
    const owner = await ownerBrowser();
    const cookie = owner.cookies.get('ic.device')!;
    for (let attempt = 0; attempt < 5; attempt += 1) await login('camille@example.ch', 'devine');
    const forged = app.client();
    const forgedCookie = `${cookie.slice(0, -4)}${cookie.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect(forgedCookie).not.toBe(cookie);
    forged.cookies.set('ic.device', forgedCookie);
    expect((await login('camille@example.ch', TEST_PASSWORD, { client: forged })).status).toBe(429);
    const otherAccount = app.client();
    otherAccount.cookies.set('ic.device', cookie.replace(/^\d+/, String(camilleId + 1000)));
    expect((await login('camille@example.ch', TEST_PASSWORD, { client: otherAccount })).status).toBe(429);
  });
});

describe('client IPs', () => {
  it('counts IPv6 clients per /64: new addresses in the same /64 share the budget, another /64 does not', async () => {
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await login(`inconnu${attempt}@example.ch`, 'faux', { ip: `2001:db8:1:2::${attempt.toString(16)}` })).status).toBe(401);
    }
    expect((await login('camille@example.ch', TEST_PASSWORD, { ip: '2001:db8:1:2:ffff:ffff:ffff:ffff' })).status).toBe(429);
    expect((await login('camille@example.ch', TEST_PASSWORD, { ip: '2001:db8:1:3::1' })).status).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) await login(`mappe${attempt}@example.ch`, 'faux', { ip: '::ffff:198.51.100.9' });
    for (let attempt = 0; attempt < 10; attempt += 1) await login(`direct${attempt}@example.ch`, 'faux', { ip: '198.51.100.9' });
    expect((await login('camille@example.ch', TEST_PASSWORD, { ip: '::ffff:198.51.100.9' })).status).toBe(429);
    expect(await app.knex('rate_limits').where('key', 'like', 'login:ip:%').pluck('key')).toEqual(['login:ip:198.51.100.9']);
  });
});
