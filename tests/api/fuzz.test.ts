/**
 * Property-based tests (fast-check): generated bodies, query strings, path ids and headers thrown at
 * every public and admin endpoint of the route table. Whatever comes in, the API answers JSON below
 * 500, and never leaks a stack trace or SQL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters } from '../../api/features/index.ts';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from './harness.ts';

let app: TestApp;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMITS: 'off' });
  admin = await app.signIn();
  // Some data so handlers get past "not found" and touch real rows.
  const lead = await admin.post('/api/admin/leads', { firstName: 'Zoé', lastName: 'Rochat', email: 'zoe@example.ch' });
  expect(lead.status).toBe(201);
});
afterAll(() => app.close());

interface Route {
  method: string;
  path: string;
}

function routes(): Route[] {
  const result: Route[] = [];
  for (const router of apiRouters()) {
    for (const layer of router.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') result.push({ method, path: String(layer.path) });
    }
  }
  return result;
}

const LEAK = /(\bat .+\.(ts|js):\d+|select .* from|insert into|update .* set|delete from|syntax error|violates|knex|objection|ECONNREFUSED|TypeError|ReferenceError)/i;

function assertSafe(response: TestResponse, label: string): void {
  expect(response.status, label).toBeLessThan(500);
  if (response.status === 204 || (response.status >= 300 && response.status < 400)) return;
  // A CSV download (`….csv`) answers its file; any refusal, there as everywhere, is JSON.
  const download = response.status < 300 && /\.csv(\?|$)/.test(label.split(' ')[1] ?? '');
  expect(response.headers.get('content-type') ?? '', label).toMatch(download ? /^text\/csv; charset=utf-8$/ : /application\/json/);
  expect(response.text, label).not.toMatch(LEAK);
}

const pathValue = fc.oneof(
  fc.constant('1'),
  fc.integer({ min: -5, max: 2 ** 31 + 5 }).map(String),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('0', '-1', '1.5', '1e3', '9999999999999999999999', 'NaN', 'null', '%00', "1' or '1'='1", '../../etc/passwd', '%E9%E8', 'vip%2Fsuisse'),
);

const jsonBody = fc.oneof(
  fc.object({ maxDepth: 3 }),
  fc.anything({ maxDepth: 2 }),
  fc.record(
    {
      firstName: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      lastName: fc.oneof(fc.string(), fc.constant(null)),
      email: fc.oneof(fc.emailAddress(), fc.string(), fc.constant('')),
      phone: fc.string(),
      tag: fc.oneof(fc.string(), fc.integer()),
      title: fc.string(),
      datetime: fc.oneof(
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        fc.string(),
      ),
      duration: fc.oneof(fc.integer(), fc.string(), fc.double()),
      maxAttendees: fc.oneof(fc.integer(), fc.string()),
      type: fc.string(),
      status: fc.string(),
      password: fc.string(),
    },
    { requiredKeys: [] },
  ),
);

const queryValue = fc.dictionary(
  fc.constantFrom('page', 'limit', 'search', 'status', 'source', 'tags', 'createdAfter', 'next', 'x'),
  fc.oneof(fc.string({ maxLength: 40 }), fc.integer().map(String), fc.constantFrom('1000000', '-1', '0', 'abc', '%', '_', "'")),
);

function fill(path: string, value: string): string {
  return path.replace(/:(\w+)(\([^)]*\))?[?*+]?/g, () => encodeURIComponent(value));
}

describe('generated input never breaks the API', () => {
  it('every route, as an admin and anonymously, answers safe JSON', async () => {
    const table = routes();
    expect(table.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...table), pathValue, jsonBody, queryValue, fc.boolean(), async (route, id, body, query, asAdmin) => {
        // Logout would end the shared admin session for the following runs: it gets a fresh client.
        const client = asAdmin && !/logout/.test(route.path) ? admin : app.client();
        const target = fill(route.path, id);
        const hasBody = !['GET', 'DELETE'].includes(route.method);
        const response = await client.request(route.method, target, { query, ...(hasBody ? { json: body } : {}) });
        assertSafe(response, `${route.method} ${target}`);
      }),
      { numRuns: 300 },
    );
    // 600 requests: on PGlite beside other test files on two cores, more than the default 30 s.
  }, 120_000);

  it('odd headers and raw bodies answer 4xx JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/leads', '/api/simple-auth/login', '/api/admin/leads', '/api/admin/webinars'),
        fc.constantFrom('application/json', 'application/json; charset=latin1', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'),
        fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
          fc.constant('{"a":"\u0000"}'),
          fc.constant('\uFEFF{}'),
        ),
        async (path, contentType, raw) => {
          const response = await admin.request('POST', path, { body: raw, headers: { 'content-type': contentType } });
          assertSafe(response, `POST ${path} (${contentType})`);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('invalid UTF-8 and NUL bytes are refused with 400', async () => {
    const invalidUtf8 = Buffer.concat([Buffer.from('{"firstName":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","email":"a@b.ch"}')]);
    const bad = await app.client().request('POST', '/api/leads', { body: invalidUtf8, headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Le corps de la requête n'est pas un texte UTF-8 valide.");

    const nul = await app.client().post('/api/leads', { firstName: 'Zo\u0000é', email: 'nul@example.ch', type: 'contact' });
    expect(nul.status).toBe(400);
  });

  it('very long search strings and deep pages answer correctly', async () => {
    const longSearch = await admin.get('/api/admin/leads', { query: { search: 'é'.repeat(1000) } });
    expect(longSearch.status).toBe(400);
    // The generated runs above may have deleted leads: count on a lead of this test's own.
    expect((await admin.post('/api/admin/leads', { firstName: 'Profond', email: 'page-profonde@example.ch' })).status).toBe(201);
    const deep = await admin.get('/api/admin/leads', { query: { page: 1000000, search: 'page-profonde' } });
    expect(deep.status).toBe(200);
    expect(deep.body.leads).toEqual([]);
    expect(deep.body.pagination).toEqual({ page: 1000000, limit: 10, total: 1 });
  });
});
