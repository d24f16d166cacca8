/**
 * Routing and sign-out: routes match case-sensitively (another spelling is an unknown path, not a
 * guarded route), and a link on another site cannot sign an administrator out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters } from '../../api/features/index.ts';
import { startTestApp, type TestApp } from './harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const UNKNOWN_PATH = { message: "Cette adresse de l'API n'existe pas." };

/** Every route of the API's own table, parameters filled, with its path in capitals after `/api`. */
function routesInOtherCase(): Array<{ method: string; path: string; shouted: string }> {
  const routes: Array<{ method: string; path: string; shouted: string }> = [];
  for (const router of apiRouters()) {
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        const path = String(layer.path).replace(/:(\w+)(\([^)]*\))?[?*+]?/g, (_match, name: string) => (name === 'tag' ? 'vip' : '1'));
        // Under /api the segment after it is shouted; a site page's own form target (the newsletter's
        // /newsletter/confirmer) has its first segment shouted.
        const shouted = path.startsWith('/api/')
          ? path.replace(/^\/api\/([a-z-]+)/, (_match, first: string) => `/api/${first.toUpperCase()}`)
          : path.replace(/^\/([a-z-]+)/, (_match, first: string) => `/${first.toUpperCase()}`);
        routes.push({ method, path, shouted });
      }
    }
  }
  return routes;
}

describe('routes match case-sensitively', () => {
  it('answers /API/admin/leads with a JSON 404, even to a signed-in administrator', async () => {
    const admin = await app.signIn();
    for (const path of ['/API/admin/leads', '/api/ADMIN/leads', '/Api/Admin/Leads']) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(response.body, path).toEqual(UNKNOWN_PATH);
    }
    expect((await admin.get('/api/admin/leads')).status).toBe(200);
  });

  it('gives every route of the router table a 404 under another spelling, for every method', async () => {
    const admin = await app.signIn();
    const routes = routesInOtherCase();
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    for (const route of routes) {
      const response = await admin.request(route.method, route.shouted, route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} });
      // Outside /api another spelling reaches the static site, which knows no such page (404) and takes
      // no POST (405); it never reaches the route.
      const unknown = route.path.startsWith('/api/') ? response.status === 404 && response.body?.message === UNKNOWN_PATH.message : [404, 405].includes(response.status);
      if (!unknown) failures.push(`${route.method} ${route.shouted} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers /API/health with a JSON 404', async () => {
    const response = await app.client().get('/API/health');
    expect(response.status).toBe(404);
    expect(response.body).toEqual(UNKNOWN_PATH);
  });
});

describe('GET /api/logout', () => {
  it('only redirects to /login when the link comes from another site: the session stays open', async () => {
    const admin = await app.signIn();
    for (const site of ['cross-site', 'same-site']) {
      const response = await admin.get('/api/logout', { headers: { 'sec-fetch-site': site, origin: '' } });
      expect(response.status, site).toBe(302);
      expect(response.headers.get('location'), site).toBe('/login');
      expect((await admin.get('/api/simple-auth/user')).status, site).toBe(200);
    }
  });

  it('signs out when the navigation comes from the site itself or is typed in the address bar', async () => {
    for (const site of ['same-origin', 'none']) {
      const admin = await app.signIn();
      const response = await admin.get('/api/logout', { headers: { 'sec-fetch-site': site } });
      expect(response.status, site).toBe(302);
      expect(response.headers.get('location'), site).toBe('/login');
      expect((await admin.get('/api/simple-auth/user')).status, site).toBe(401);
    }
  });
});
