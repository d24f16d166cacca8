/**
 * Shared by the admin journeys (tests/e2e/admin-*.test.ts).
 *
 * Sign in once per worker (decision 100): on the worker's shared server the administrator is created
 * and signed in through the API once, and every test's browser context and `request` start from that
 * session (`storageState`). `signIn` then only opens the dashboard; where a test has no such session
 * (the `empty-database` project, or `test.use` with an empty state) it signs in through the login
 * screen, as a person does. No test here signs that session out or changes its password.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test as base, expect, ADMIN, ensureAdmin, signInApi } from './fixtures.ts';
import { ensureEnrolled, freshTotpCode, passSecondStep, secretFor } from './second-factor.ts';

/** Admin journeys start from the worker's administrator session (`workerAdminState`, tests/e2e/fixtures.ts). */
export const test = base.extend({
  // Its own timeout, as `server`'s: the worker's first test may be the one that starts the server and signs in.
  storageState: [
    async ({ emptyDatabase, workerAdminState, storageState }, use) => {
      await use(emptyDatabase ? storageState : await workerAdminState());
    },
    { scope: 'test', timeout: 240_000 },
  ],
});
export { expect, ADMIN, ensureAdmin };

/** Whether this client (a test's `request`, a page's `page.request`) already holds a session. */
async function signedIn(request: APIRequestContext): Promise<boolean> {
  return (await request.get('/api/simple-auth/user')).status() === 200;
}

/** An API client signed in as the administrator (the worker's session when it has it), to prepare data the journey then looks at. */
export async function adminApi(request: APIRequestContext, baseURL: string) {
  if (!(await signedIn(request))) await signInApi(request, baseURL);
  const headers = { origin: new URL(baseURL).origin };
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

/**
 * Lands on the dashboard (/simple-admin) as the administrator: with the worker's session the page opens
 * it; without one, the administrator signs in through the login screen, as a person does.
 */
export async function signIn(page: Page): Promise<void> {
  if (await signedIn(page.request)) {
    await page.goto('/simple-admin');
  } else {
    await submitLogin(page, ADMIN);
  }
  await expect(page).toHaveURL(/\/simple-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
}

/**
 * Fills in and sends the login screen, as a person does: the password, then the code of the account's
 * authenticator app (enrolled through the API first when it has none; tests/e2e/second-factor.ts).
 */
export async function submitLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await ensureEnrolled(page.url(), account);
  await page.getByLabel("Nom d'utilisateur").fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  if (secretFor(page.url(), account.email)) await passSecondStep(page, account.email);
}

/** Signs in through the login screen from a browser of their own (without the worker's administrator session). */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.context().clearCookies();
  await submitLogin(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
}

export interface Viewer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates a viewer (« Lecture seule ») as the administrator (201), or finds them there already (409). */
export async function createViewer(request: APIRequestContext, baseURL: string, viewer: Viewer): Promise<void> {
  await adminApi(request, baseURL);
  await renewProof(request, baseURL);
  const response = await request.post('/api/admin/users', {
    data: { ...viewer, role: 'viewer' },
    headers: { origin: new URL(baseURL).origin },
  });
  expect([201, 409]).toContain(response.status());
}

/** axe-core violations of impact serious or critical (WCAG 2.2 AA rules and best practices). */
/**
 * `exclude`: parts not scanned, such as a sandboxed frame without scripts (an e-mail's preview, whose
 * layout has its own scans in email-layout.test.ts): axe cannot run inside it and waits for it forever.
 */
export async function seriousViolations(page: Page, exclude: string[] = []) {
  // Scan settled screens: an opening dialog or menu is half transparent for a few frames.
  await expect(page.locator('[data-transition], [data-enter], [data-leave]')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/**
 * Presses the list's "Actualiser" until `target` shows, for what a worker does in its own time (an
 * e-mail sent). Each look waits for the refresh it asked for to come back: the button is disabled while
 * the list loads, and a look of a fixed second after each press never saw a list that took longer to load
 * on a loaded machine (docs/decisions/124-server-start-and-e2e-waits-under-load.md).
 */
export async function refreshUntilVisible(page: Page, target: Locator, timeout = 90_000): Promise<void> {
  const refresh = page.getByRole('button', { name: 'Actualiser' });
  await expect(async () => {
    await refresh.click();
    await expect(refresh).toBeEnabled();
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout });
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

/** Full-page screenshots of the screen at phone and desktop width, kept with the test's output; the page ends at desktop width. */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/**
 * Re-authentication (docs/decisions/145-re-authentication.md): the worker's session was opened once and
 * may be older than 5 minutes when a test exports, erases or creates a user. Then the back office asks
 * « Confirmez votre identité »: this answers with the password. `outcome` is what the action brings
 * when no proof is asked (a download, a toast): whichever comes first decides.
 */
export async function confirmIdentityIfAsked(page: Page, outcome: Promise<unknown> | Locator, account = ADMIN): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirmez votre identité' });
  const done = 'waitFor' in outcome ? outcome.waitFor() : outcome;
  const asked = await Promise.race([dialog.waitFor().then(() => true), done.then(() => false)]).catch(() => false);
  if (!asked) return;
  // An account with an app answers with its code; one without a factor (MFA_REQUIRED off) with its password.
  const secret = secretFor(page.url(), account.email);
  if (secret) await dialog.getByLabel('Code à 6 chiffres ou code de secours').fill(await freshTotpCode(secret));
  else await dialog.getByLabel('Mot de passe').fill(account.password);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog).toBeHidden();
}

/** The same for an API client: a fresh proof before a gated call, with the account's app (or its password when it has no factor). */
export async function renewProof(request: APIRequestContext, baseURL: string, account = ADMIN): Promise<void> {
  const secret = secretFor(baseURL, account.email);
  const data = secret ? { method: 'totp', code: await freshTotpCode(secret) } : { method: 'password', code: account.password };
  const response = await request.post('/api/simple-auth/reauth', { data, headers: { origin: new URL(baseURL).origin } });
  expect(response.status(), await response.text()).toBe(200);
}
