/**
 * Where a contact came from, without a cookie or a script (decisions 111 and 115), in Chromium with
 * JavaScript off: a visitor lands on the home page from a LinkedIn campaign link, reads two other
 * pages, then signs up for the webinar; the contact's origin is LinkedIn / printemps and its landing
 * page the home page, while no page set a cookie and no script was loaded.
 *
 * The server does not count bots, and Playwright's own User-Agent says HeadlessChrome (a bot to the
 * `isbot` list): the context sends an ordinary Chrome User-Agent, with a build number of its own so
 * this visitor's daily hash is nobody else's on the worker's server.
 */
import type { Response } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { adminApi } from './admin-helpers.ts';

const build = Math.floor(Math.random() * 9000) + 1000;
test.use({
  javaScriptEnabled: false,
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${build}.0 Safari/537.36`,
});

test('a visitor from a LinkedIn campaign who reads two pages and signs up is a contact from LinkedIn / printemps, with no cookie and no script', async ({ page, context, request, baseURL }) => {
  const email = `parcours.${Date.now()}.${build}@example.ch`;
  const cookieHeaders: string[] = [];
  const scripts: string[] = [];
  page.on('response', async (response: Response) => {
    const cookie = await response.headerValue('set-cookie');
    if (cookie) cookieHeaders.push(`${response.url()}: ${cookie}`);
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });

  await page.goto('/?utm_source=linkedin&utm_medium=social&utm_campaign=printemps');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Two other pages, reached by the site's own links' addresses (no UTM parameter any more).
  await page.goto('/confidentialite');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/mentions-legales');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/innercircle/webinaire');

  const form = page.locator('form[action="/api/leads"]').first();
  await form.getByLabel('Prénom').fill('Camille');
  await form.getByLabel('Nom', { exact: true }).fill('Parcours');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
  await expect(page).toHaveURL(/\/merci\/\?type=webinar/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci !');

  expect(await context.cookies()).toEqual([]);
  expect(cookieHeaders).toEqual([]);
  expect(scripts).toEqual([]);

  await adminApi(request, baseURL!);
  const response = await request.get(`/api/admin/leads?search=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const [lead] = (await response.json()).leads;
  expect(lead.firstTouch).toMatchObject({ channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', landingPage: '/' });
  // The same through the contacts list's "Origine" filter.
  const filtered = await request.get(`/api/admin/leads?channel=social&campaign=printemps&search=${encodeURIComponent(email)}`);
  expect((await filtered.json()).leads.map((found: { email: string }) => found.email)).toEqual([email]);
});
