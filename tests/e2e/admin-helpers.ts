/**
 * Shared by the admin journeys (tests/e2e/admin-*.test.ts).
 *
 * Each admin test file calls `test.use({ adminSuite: '<file>' })`: a distinct worker-scoped option
 * makes Playwright run the file in its own worker, so it gets its own server and a fresh database
 * (the first-admin journey needs an empty users table, and counts must not see other files' data).
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';
import { setupCodeFor } from './server.ts';

export const test = base.extend<{}, { adminSuite: string }>({
  adminSuite: ['', { scope: 'worker', option: true }],
});
export { expect };

export const ADMIN = { email: 'camille.rochat@innercircle.test', password: 'un-mot-de-passe-solide-42' };

/** Creates the administrator once per database (201), or finds it there already (409). */
export async function ensureAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  const response = await request.post('/api/simple-auth/setup-admin', {
    // Production servers ask for the setup code they logged at start (issue 10).
    data: { ...ADMIN, firstName: 'Camille', lastName: 'Rochat', setupCode: setupCodeFor(baseURL) },
    headers: { origin: new URL(baseURL).origin },
  });
  expect([201, 409]).toContain(response.status());
}

/** An API client signed in as the administrator, to prepare data the journey then looks at. */
export async function adminApi(request: APIRequestContext, baseURL: string) {
  await ensureAdmin(request, baseURL);
  const headers = { origin: new URL(baseURL).origin };
  const login = await request.post('/api/simple-auth/login', { data: ADMIN, headers });
  expect(login.status()).toBe(200);
  return {
    async createLead(data: Record<string, unknown>): Promise<{ id: number }> {
      const response = await request.post('/api/admin/leads', { data, headers });
      expect(response.status(), await response.text()).toBe(201);
      return response.json();
    },
    async createWebinar(data: Record<string, unknown>): Promise<{ id: number; title: string }> {
      const response = await request.post('/api/admin/webinars', {
        data: { description: 'Une session en ligne.', duration: 60, maxAttendees: 100, location: 'online', isActive: true, ...data },
        headers,
      });
      expect(response.status(), await response.text()).toBe(201);
      return response.json();
    },
    async addActivity(leadId: number, data: Record<string, unknown>): Promise<void> {
      const response = await request.post(`/api/crm/leads/${leadId}/activities`, { data, headers });
      expect(response.status(), await response.text()).toBe(201);
    },
    async leads(search: string): Promise<{ id: number; email: string; tags: string[] | null }[]> {
      const response = await request.get(`/api/admin/leads?search=${encodeURIComponent(search)}`);
      expect(response.status()).toBe(200);
      return (await response.json()).leads;
    },
  };
}

/** Signs in through the login screen, as a person does; lands on /simple-admin. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur").fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/simple-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
}

/** axe-core violations of impact serious or critical (WCAG 2.2 AA rules and best practices). */
export async function seriousViolations(page: Page) {
  // Scan settled screens: an opening dialog or menu is half transparent for a few frames.
  await expect(page.locator('[data-transition], [data-enter], [data-leave]')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** The toast currently shown (one at a time). */
export function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

/**
 * Every toast text shown from now on, across navigations. Toasts followed by a redirect (login,
 * account creation) live 500 ms: polling the page could miss them on a busy machine.
 */
export async function recordToasts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__recordToast', (text: string) => {
    if (seen.at(-1) !== text) seen.push(text);
  });
  await page.addInitScript(() => {
    const report = () => {
      const text = document.querySelector('[aria-label="Notifications"]')?.textContent?.trim();
      if (text) (window as unknown as { __recordToast: (text: string) => void }).__recordToast(text);
    };
    new MutationObserver(report).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return seen;
}
