/**
 * A contact's "Origine" in the back office (decision 115): the list's column and filter, the contact's
 * card, each later submission's "Provenance" under its note in the timeline, and an administrator's
 * correction, axe clean, with screenshots at phone and desktop width.
 */
import type { Page } from '@playwright/test';
import { adminApi, expect, screenshots, seriousViolations, signIn, test, toast } from '../admin-helpers.ts';

const rows = (page: Page) => page.getByRole('region', { name: 'Liste des contacts' }).locator('tbody tr');

test('the list shows and filters the origin, the contact shows it, an administrator corrects it', async ({ page, request, baseURL }) => {
  await adminApi(request, baseURL!);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `origine.${stamp}@example.ch`;
  const other = `direct.${stamp}@example.ch`;
  const headers = { origin: new URL(baseURL!).origin };
  // What a form's script posts: the page's address with its campaign, and where the page came from.
  const posted = await request.post('/api/leads', {
    headers,
    data: { firstName: 'Léa', lastName: 'Origine', email, type: 'webinar', touchPage: '/?utm_source=linkedin&utm_medium=social&utm_campaign=printemps', touchReferrer: 'https://www.linkedin.com/' },
  });
  expect(posted.status()).toBe(201);
  expect((await request.post('/api/leads', { headers, data: { firstName: 'Marc', lastName: 'Direct', email: other, type: 'webinar' } })).status()).toBe(201);
  // Léa comes back later from the newsletter's campaign: her origin stays LinkedIn, the new note says where she came from.
  const returned = await request.post('/api/leads', {
    headers,
    data: {
      firstName: 'Léa',
      lastName: 'Origine',
      email,
      phone: '+41 79 123 45 67',
      message: 'Une question',
      type: 'contact',
      touchPage: '/webinaire/?utm_source=newsletter&utm_medium=email&utm_campaign=printemps-2027',
    },
  });
  expect(returned.status()).toBe(201);

  await signIn(page);
  await page.goto(`/admin/leads?search=${stamp}`);
  await expect(page.getByRole('columnheader', { name: 'Origine' })).toBeVisible();
  const lea = rows(page).filter({ hasText: 'Léa Origine' });
  await expect(lea).toContainText('Réseaux sociaux');
  await expect(lea.getByRole('link', { name: 'printemps' })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Marc Direct' })).toContainText('Direct');

  await page.getByRole('button', { name: 'Filtrer' }).click();
  await page.getByRole('group', { name: 'Par origine' }).getByRole('menuitem', { name: 'Réseaux sociaux' }).click();
  await expect(page).toHaveURL(/channel=social/);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText('Origine : Réseaux sociaux');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'contacts-origine');

  await lea.getByRole('link', { name: 'Léa Origine' }).click();
  const card = page.getByRole('region', { name: 'Origine' });
  await expect(card).toContainText('Réseaux sociaux');
  await expect(card).toContainText('linkedin');
  await expect(card).toContainText('printemps');
  await expect(card).toContainText('linkedin.com');
  const notes = page.getByRole('list', { name: 'Activités du contact' }).getByRole('listitem');
  await expect(notes).toHaveCount(2);
  // Newest first: the return from the newsletter, then the first sign-up.
  await expect(notes.nth(0)).toContainText('Provenance : newsletter · support email · campagne printemps-2027 · arrivée sur /webinaire');
  await expect(notes.nth(1)).toContainText('Provenance : linkedin · support social · campagne printemps · arrivée sur /');
  await expect(card).not.toContainText('newsletter');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'contact-origine');

  await card.getByRole('button', { name: 'Corriger' }).click();
  const dialog = page.getByRole('dialog', { name: 'Corriger l’origine' });
  await dialog.getByLabel('Campagne').fill('x'.repeat(101));
  await dialog.getByRole('button', { name: 'Enregistrer l’origine' }).click();
  await expect(dialog.getByText('La campagne ne doit pas dépasser 100 caractères.')).toBeVisible();
  await dialog.getByLabel('Campagne').fill('conference-lausanne');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Enregistrer l’origine' }).click();
  await expect(toast(page)).toContainText('Origine corrigée');
  await expect(card).toContainText('conference-lausanne');
  const audit = await request.get('/api/admin/audit?type=lead_origin_corrected');
  expect(audit.status()).toBe(200);
});
