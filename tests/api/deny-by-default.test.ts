/**
 * Deny by default: walks the API's own route table and checks that every admin/CRM route refuses a
 * visitor without a session (401) and a signed-in non-admin (403). A route added later without the
 * admin check fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters } from '../../api/routes/index.ts';
import { startTestApp, type TestApp } from './harness.ts';

const PROTECTED = /^\/api\/(admin|admin-dev|crm)(\/|$)/;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

function protectedRoutes(): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  for (const router of apiRouters(app.config)) {
    for (const layer of router.stack) {
      const path = String(layer.path);
      if (!PROTECTED.test(path)) continue;
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        // Fill every parameter with a plausible value: the check must come before any lookup.
        routes.push({ method, path: path.replace(/:(\w+)(\([^)]*\))?[?*+]?/g, (_match, name: string) => (name === 'tag' ? 'vip' : '1')) });
      }
    }
  }
  return routes;
}

describe('every admin and CRM route requires an admin session', () => {
  it('finds the admin routes in the router table', () => {
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes.some((route) => route.path.startsWith('/api/admin-dev/'))).toBe(true);
    expect(routes.some((route) => route.path.startsWith('/api/crm/'))).toBe(true);
  });

  it('answers 401 without a session, for every method and path', async () => {
    const client = app.client();
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const response = await client.request(route.method, route.path, route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} });
      if (response.status !== 401) failures.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a signed-in user who is not an admin', async () => {
    const client = await app.signIn({ isAdmin: false });
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const response = await client.request(route.method, route.path, route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} });
      if (response.status !== 403) failures.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
