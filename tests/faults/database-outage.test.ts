/**
 * The database goes away (every connection cut, new ones refused) and comes back:
 * the API answers 503 with Retry-After quickly, stays up, and serves again without a restart.
 * Runs on the real PostgreSQL of TEST_DATABASE_URL, reached through a TCP proxy the test controls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../api/harness.ts';
import { startTcpProxy, throughProxy, type TcpProxy } from './tcp-proxy.ts';

let proxy: TcpProxy;
let app: TestApp;

beforeAll(async () => {
  const target = new URL(process.env.TEST_DATABASE_URL!);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  app = await startTestApp({ RATE_LIMITS: 'off' }, { connectThrough: (url) => throughProxy(url, proxy.port) });
});
afterAll(async () => {
  await proxy.restore().catch(() => undefined);
  await app.close();
  await proxy.close();
});

const lead = (n: number) => ({ firstName: 'Panne', lastName: `Test ${n}`, email: `panne${n}@example.ch`, type: 'contact' });

describe('database outage', () => {
  it('answers 503 with Retry-After within 3 s while the database is down, then recovers on its own', async () => {
    const client = app.client();
    expect((await client.post('/api/leads', lead(1))).status).toBe(201);

    await proxy.cut();
    let started = performance.now();
    const health = await client.get('/api/health');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'degraded', db: 'down' });

    started = performance.now();
    const refused = await client.post('/api/leads', lead(2));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.message).toBe('Service momentanément indisponible, veuillez réessayer.');
    expect(refused.text).not.toMatch(/ECONN|select|insert|at .*\.ts/i);

    await proxy.restore();
    // The pool reconnects by itself: a few attempts at most, no restart.
    let recovered = await client.get('/api/health');
    for (let attempt = 0; attempt < 20 && recovered.status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      recovered = await client.get('/api/health');
    }
    expect(recovered.status).toBe(200);
    expect((await client.post('/api/leads', lead(3))).status).toBe(201);

    const rows = await app.knex('leads').whereIn('email', ['panne1@example.ch', 'panne2@example.ch', 'panne3@example.ch']).pluck('email');
    expect(rows.sort()).toEqual(['panne1@example.ch', 'panne3@example.ch']);
  });
});
