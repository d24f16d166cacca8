/**
 * Enrolment first, by the route table (docs/decisions/144-second-factor-totp-and-recovery-codes.md): a
 * session limited to enrolment gets 403 `{message, enrolmentRequired}` on every account, admin and CRM
 * route outside the explicit allow-list, so a route added later is covered without anyone thinking of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters } from '../../../api/features/index.ts';
import { ROLE_GUARDED_PATHS } from '../../../api/platform/http/auth.ts';
import { ENROLMENT_ALLOWED } from '../../../api/platform/http/enrolment.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../harness.ts';
import { createAccount } from './mfa-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MFA_REQUIRED: 'true' });
});
afterAll(() => app.close());

function guardedRoutes(): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  for (const router of apiRouters()) {
    for (const layer of router.stack) {
      const path = String(layer.path).replace(/:(\w+)(\([^)]*\))?[?*+]?/g, '1');
      for (const method of layer.methods) if (method !== 'HEAD' && ROLE_GUARDED_PATHS.test(path)) routes.push({ method, path });
    }
  }
  return routes;
}

const allowed = (route: { method: string; path: string }) => ENROLMENT_ALLOWED.some((entry) => entry.method === route.method && entry.path.test(route.path));

describe('a session limited to enrolment', () => {
  it('gets 403 with enrolmentRequired on every account, admin and CRM route outside the allow-list', async () => {
    await createAccount(app, 'lea@example.ch');
    const client = app.client();
    expect((await client.post('/api/simple-auth/login', { email: 'lea@example.ch', password: TEST_PASSWORD })).body.enrolmentRequired).toBe(true);
    const routes = guardedRoutes().filter((route) => !allowed(route));
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    for (const route of routes) {
      const response = await client.request(route.method, route.path, route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} });
      if (response.status !== 403 || response.body?.enrolmentRequired !== true) failures.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
    // Still signed in, still limited: the refusals changed nothing.
    expect((await client.get('/api/simple-auth/user')).body.enrolmentRequired).toBe(true);
  }, 90_000);

  it('keeps the allow-list to signing in and out, who one is, and enrolment', () => {
    const allowedRoutes = guardedRoutes().filter(allowed);
    for (const route of allowedRoutes) expect(route.path).toMatch(/^\/api\/(simple-auth|auth)\/(user|login|logout|mfa|passkey)/);
    expect(allowedRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['GET /api/simple-auth/user', 'GET /api/simple-auth/mfa', 'POST /api/simple-auth/mfa/totp', 'POST /api/simple-auth/mfa/totp/1/confirm']),
    );
  });
});
