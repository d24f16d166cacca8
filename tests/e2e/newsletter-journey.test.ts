/**
 * A newsletter from the editor to the reader (decision 114), in Chromium against `npm start`: composed
 * with both blocks, sent to a confirmed subscriber, received by the real SMTP server (blocks filled,
 * one-click unsubscribe, List-Id), then read in the public archive without JavaScript (the list, the
 * issue's page without anything personal, the sign-up form posting without script), with no script
 * loaded before interaction and no serious axe violation at 390 and 1366 px.
 */
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { adminApi, signIn, toast } from './admin-helpers.ts';
import { expect, mailTo, openNewsletters, subscribers, test } from './newsletter-fixtures.ts';

const SUBJECT = 'Le souffle du matin';
const NADIA = { firstName: 'Nadia', email: 'nadia.lectrice@example.ch' };

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

test('an issue goes from the editor to the subscriber’s mailbox and to the public archive', async ({ page, browser, request, baseURL, smtp, databaseUrl }) => {
  test.setTimeout(180_000);
  await subscribers(databaseUrl, 'journal-e2e', [NADIA]);
  const api = await adminApi(request, baseURL!);
  await api.createWebinar({ title: 'Dormir enfin', datetime: new Date(Date.now() + 10 * 86_400_000).toISOString(), maxAttendees: 40 });

  // Composed in the back office.
  await signIn(page);
  await openNewsletters(page);
  await page.getByRole('link', { name: 'Nouvelle newsletter' }).click();
  await page.getByLabel('Objet').fill(SUBJECT);
  await page.getByLabel('Ligne d’aperçu').fill('Une respiration pour bien commencer');
  await page.getByLabel('Contenu (Markdown)').fill('Bonjour,\n\nInspirez quatre temps, **expirez six temps**. [La méthode](https://example.org/souffle).');
  await page.getByRole('button', { name: 'Prochains webinaires' }).click();
  await page.getByRole('button', { name: 'Appel découverte' }).click();
  await page.getByRole('checkbox', { name: 'journal-e2e' }).check();
  await expect(page.locator('[data-audience-count]')).toHaveText('1 destinataire');
  await page.getByRole('checkbox', { name: 'Publier dans les archives' }).check();
  await expect(page.frameLocator('iframe[title="Aperçu de la newsletter"]').locator('body')).toContainText('Dormir enfin');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page)).toContainText('Newsletter créée');
  const id = /\/newsletters\/(\d+)$/.exec(page.url())![1];

  await page.getByRole('region', { name: 'Envoi' }).getByRole('button', { name: 'Envoyer maintenant' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer l’envoi' }).click();

  // Received over SMTP: the blocks filled at send time, the one-click unsubscribe and the list's id.
  const mail = await mailTo(smtp, NADIA.email, new RegExp(`^${SUBJECT}$`));
  const headers = String(mail.raw)
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ');
  expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(headers).toMatch(/List-Id: /i);
  expect(mail.parsed.html).toContain('expirez six temps');
  expect(mail.parsed.text).toContain('Dormir enfin');
  expect(mail.parsed.text).toContain('/rendez-vous/');
  expect(`${mail.parsed.html}${mail.parsed.text}`).not.toContain('{{');

  // The issue says "Envoyée" once nothing is queued.
  await expect(page.getByText('Envoyée', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const issue = await (await page.request.get(`/api/admin/newsletters/${id}`)).json();
  expect(issue.status).toBe('sent');
  expect(issue.slug).toMatch(/^[a-z0-9-]+$/);
  const address = `/newsletter/${issue.slug}/`;

  // The archive, read without JavaScript.
  const reader = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const offline = await reader.newPage();
  await offline.goto('/newsletter/');
  await expect(offline.getByRole('heading', { level: 1, name: 'Les archives de la newsletter' })).toBeVisible();
  await offline.getByRole('link', { name: SUBJECT }).click();
  await expect(offline).toHaveURL(new RegExp(`${address}$`));
  await expect(offline).toHaveTitle(SUBJECT);
  await expect(offline.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  await expect(offline.locator('[data-archive-body]')).toContainText('Inspirez quatre temps, expirez six temps.');
  const webinars = offline.locator('[data-archive-block="webinars"]');
  await expect(webinars).toContainText('Dormir enfin');
  await expect(webinars.getByRole('link')).toHaveAttribute('href', '/webinaire/');
  await expect(offline.locator('[data-archive-block="booking"]').getByRole('link')).toHaveAttribute('href', '/rendez-vous/');
  const html = await offline.content();
  expect(html).not.toContain(NADIA.email);
  expect(html).not.toContain(NADIA.firstName);
  expect(html).not.toMatch(/token=|[?&]lead=|utm_/);
  // The sign-up form under the issue posts without any script.
  const signup = offline.getByRole('region', { name: 'Recevez la prochaine newsletter' });
  await signup.getByLabel('Email').fill('nouvelle.lectrice@example.ch');
  await signup
    .getByRole('button', { name: 'Je m’inscris' })
    .or(signup.getByRole('button', { name: "Je m'inscris" }))
    .click();
  await expect(offline).toHaveURL(/\/newsletter\/merci\/$/);
  await reader.close();

  // With JavaScript: no script loaded before interaction, and axe clean at both sizes.
  const visitor = await browser.newContext({ baseURL });
  const online = await visitor.newPage();
  const scripts: string[] = [];
  online.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/newsletter/', address]) {
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      await online.setViewportSize({ width, height });
      await online.goto(path, { waitUntil: 'networkidle' });
      expect(await seriousViolations(online), `${path} at ${width} px`).toEqual([]);
      await online.screenshot({ path: test.info().outputPath(`archive${path === address ? '-issue' : ''}-${width}.png`), fullPage: true });
    }
  }
  expect(scripts).toEqual([]);
  await visitor.close();

  // In the sitemap.
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain(`/newsletter/${issue.slug}/</loc>`);
});
