/**
 * Deny by default: walks the API's own route table and checks that every admin/CRM route refuses a
 * visitor without a session (401), and, by role (decision 065): a viewer (« Lecture seule ») reads every
 * admin/CRM route (but the few reads for administrators only, listed here) and gets 403 on every state-changing route of any router, except the explicit
 * allow-list of their own account; a deactivated account gets 401. A route added later, by anyone,
 * without the admin check or outside the role rules fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters } from '../../api/features/index.ts';
import { isReadOnlyRequest, ROLE_GUARDED_PATHS, VIEWER_ALLOWED_CHANGES, VIEWER_FORBIDDEN_MESSAGE } from '../../api/platform/http/auth.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';

const PROTECTED = /^\/api\/(admin|admin-dev|crm)(\/|$)/;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface Route {
  method: string;
  path: string;
}

function allRoutes(): Route[] {
  const routes: Route[] = [];
  for (const router of apiRouters()) {
    for (const layer of router.stack) {
      const path = String(layer.path);
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        // Fill every parameter with a plausible value: the check must come before any lookup.
        routes.push({ method, path: path.replace(/:(\w+)(\([^)]*\))?[?*+]?/g, (_match, name: string) => (name === 'tag' || name === 'name' ? 'vip' : '1')) });
      }
    }
  }
  return routes;
}

/** Reads for administrators only, each refused to a viewer by its route: who opened a contact's file (decision 147). */
const ADMIN_ONLY_READS = [/^\/api\/admin(-dev)?\/leads\/1\/access-log$/];

const protectedRoutes = () => allRoutes().filter((route) => PROTECTED.test(route.path));
const viewerAllowed = (route: Route) => VIEWER_ALLOWED_CHANGES.some((allowed) => allowed.method === route.method && allowed.path.test(route.path));

function send(client: TestClient, route: Route) {
  return client.request(route.method, route.path, route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} });
}

describe('every admin and CRM route requires a session, and changes require the admin role', () => {
  it('finds the admin routes in the router table', () => {
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes.some((route) => route.path.startsWith('/api/admin-dev/'))).toBe(true);
    expect(routes.some((route) => route.path.startsWith('/api/crm/'))).toBe(true);
    expect(routes.some((route) => route.path === '/api/admin/users' && route.method === 'POST')).toBe(true);
    // Booking's settings (Paramètres → Rendez-vous): read by viewers, changed by administrators only.
    for (const [method, path] of [
      ['PUT', '/api/admin/booking-settings'],
      ['PUT', '/api/admin/hosts/1/availability'],
      ['POST', '/api/admin/hosts/1/feed/refresh'],
      ['POST', '/api/admin/hosts/1/calendar-token'],
      ['GET', '/api/admin/hosts'],
    ]) {
      expect(routes.some((route) => route.method === method && route.path === path)).toBe(true);
    }
    // The agenda of calls: viewers read it, only administrators mark, cancel or move a call.
    expect(routes.some((route) => route.path === '/api/admin/bookings' && route.method === 'GET')).toBe(true);
    expect(routes.some((route) => route.path === '/api/admin/bookings/1' && route.method === 'PATCH')).toBe(true);
    expect(routes.some((route) => route.path === '/api/admin/analytics/visits' && route.method === 'GET')).toBe(true);
  });

  it('answers 401 without a session, for every method and path', async () => {
    const client = app.client();
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const response = await send(client, route);
      if (response.status !== 401) failures.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 with a French message to a viewer on every state-changing admin, CRM or account route outside the allow-list', async () => {
    const viewer = await app.signIn({ role: 'viewer' });
    const changes = allRoutes().filter((route) => !isReadOnlyRequest(route.method) && ROLE_GUARDED_PATHS.test(route.path) && !viewerAllowed(route));
    expect(changes.length).toBeGreaterThanOrEqual(15);
    const failures: string[] = [];
    for (const route of changes) {
      const response = await send(viewer, route);
      if (response.status !== 403 || response.body?.message !== VIEWER_FORBIDDEN_MESSAGE) failures.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
    // Nothing was created or changed by those calls.
    expect(await app.knex('leads').select('id')).toEqual([]);
    expect(await app.knex('webinars').select('id')).toEqual([]);
  });

  it('lets a viewer read every admin and CRM route (never 401 or 403)', async () => {
    const viewer = await app.signIn({ role: 'viewer' });
    const failures: string[] = [];
    for (const route of protectedRoutes().filter((candidate) => candidate.method === 'GET')) {
      const response = await send(viewer, route);
      const adminOnly = ADMIN_ONLY_READS.some((pattern) => pattern.test(route.path));
      if (adminOnly ? response.status !== 403 : response.status === 401 || response.status === 403) failures.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps the allow-list to the viewer’s own account', () => {
    for (const route of allRoutes().filter(viewerAllowed)) expect(route.path).toMatch(/^\/api\/simple-auth\//);
  });

  it('answers 401 everywhere to a deactivated account that still holds a cookie', async () => {
    const client = await app.signIn({ role: 'admin', email: 'parti@example.ch' });
    await app.knex('users').where({ email: 'parti@example.ch' }).update({ active: false });
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const response = await send(client, route);
      if (response.status !== 401) failures.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
