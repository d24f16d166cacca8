import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const response = await app.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('unknown API paths and bad requests', () => {
  it('answers an unknown /api path with JSON 404, never HTML', async () => {
    const response = await app.client().get('/api/cette-route-n-existe-pas');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body.message).toBe("Cette adresse de l'API n'existe pas.");
  });

  it('refuses a non-JSON body with 415 and a French message', async () => {
    const response = await app.client().request('POST', '/api/leads', { body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(response.status).toBe(415);
    expect(response.body.message).toMatch(/JSON/);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await app.client().request('POST', '/api/leads', { body: '{"firstName":', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Le corps de la requête n'est pas un JSON valide.");
  });

  it('refuses a body over 100 KB with 413', async () => {
    const response = await app.client().request('POST', '/api/leads', {
      body: JSON.stringify({ message: 'x'.repeat(101 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/trop volumineuse/);
  });
});
