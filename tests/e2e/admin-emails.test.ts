/**
 * E-mails in the back office (decision 022), against `npm start` with no e-mail configuration (messages go to .eml files
 * under DATA_DIR/mail): a visitor registers through the real /webinaire form, the Emails screen lists
 * the confirmation, its preview shows the join link; the deletion dialog says who will be told.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminApi, expect, refreshUntilVisible, seriousViolations, signIn, test } from './admin-helpers.ts';

const JOIN_URL = 'https://zoom.us/j/987654321';

async function waitForIsland(page: Page, component: string) {
  await expect(page.locator(`astro-island[component-url*="/${component}."]`).first()).not.toHaveAttribute('ssr');
}

test('a sign-up on /webinaire shows up under Emails with the join link in its preview, and in the contact', { tag: '@empty-database' }, async ({ page, request, baseURL, server }) => {
  const api = await adminApi(request, baseURL!);
  const webinar = await api.createWebinar({ title: 'Le bonheur des dirigeants', datetime: new Date(Date.now() + 14 * 86_400_000).toISOString(), joinUrl: JOIN_URL });
  const email = `lea.${Date.now()}@example.ch`;

  await page.goto('/webinaire');
  const form = page.locator('form[action="/api/leads"]').first();
  // The form hydrates when the visitor starts using it (client:interaction): focusing a field wakes it.
  await form.getByLabel('Prénom').fill('Léa');
  await waitForIsland(page, 'WebinarForm');
  await form.getByLabel('Nom', { exact: true }).fill('Favre');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Inscription réussie');

  await signIn(page);
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Emails' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Liste des e-mails' });
  // The worker sends within a few seconds (more on a loaded machine): refresh until the confirmation is there and sent.
  const confirmationRow = list.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Confirmation d’inscription' });
  await refreshUntilVisible(page, confirmationRow.getByText('Envoyé'));
  await expect(confirmationRow).toContainText('Votre inscription est confirmée : Le bonheur des dirigeants');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Type').selectOption({ label: 'Alerte équipe' });
  await expect(page).toHaveURL(/kind=team_alert/);
  await expect(list.getByRole('row').filter({ hasText: 'Nouvelle inscription au webinaire : Léa Favre' })).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Tous' });

  // The reminders wait for their time, and say when.
  await expect(list.getByRole('row').filter({ hasText: 'Rappel de webinaire' }).first()).toContainText('Envoi prévu le');
  await confirmationRow.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Votre inscription est confirmée : Le bonheur des dirigeants' })).toBeVisible();
  await expect(page.getByText('Fichier .eml (DATA_DIR/mail)')).toBeVisible();
  const preview = page.frameLocator('iframe[title="Aperçu HTML de l’e-mail"]');
  await expect(preview.getByRole('link', { name: JOIN_URL })).toBeVisible();
  await expect(page.locator('iframe[title="Aperçu HTML de l’e-mail"]')).toHaveAttribute('sandbox', '');
  await page.getByRole('button', { name: 'Texte' }).click();
  await expect(page.getByText('(heure suisse)', { exact: false }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The .eml file is really there, with the calendar file.
  const mailDir = path.join(server.dataDir, 'mail');
  expect(existsSync(mailDir)).toBe(true);
  const files = readdirSync(mailDir).map((file) => readFileSync(path.join(mailDir, file), 'utf8'));
  expect(files.some((file) => file.includes(email) && file.includes('text/calendar'))).toBe(true);

  // The contact's own page lists it too.
  await page.getByRole('link', { name: 'Voir le contact' }).click();
  const emailsCard = page.getByRole('region', { name: 'E-mails' });
  await expect(emailsCard.getByText('Votre inscription est confirmée : Le bonheur des dirigeants')).toBeVisible();

  // Deleting the webinar says who will be told, then tells them.
  await page.goto('/admin/webinars');
  await page.getByRole('button', { name: `Actions pour ${webinar.title}` }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('1 personne inscrite recevra un e-mail d’annulation.');
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/admin/emails?kind=webinar_cancelled');
  await refreshUntilVisible(page, page.getByRole('region', { name: 'Liste des e-mails' }).getByText('Annulation : Le bonheur des dirigeants'));
});
