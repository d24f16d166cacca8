/**
 * Contacts in bulk (decisions 076, 077): a CSV import with mapping, preview and summary; bulk actions on selected
 * rows; the "Par date" range. Screens checked with axe and photographed at phone and laptop sizes.
 */
import type { Page } from '@playwright/test';
import { adminApi, confirmIdentityIfAsked, expect, screenshots, seriousViolations, signIn, test, toast } from '../admin-helpers.ts';

function rows(page: Page) {
  return page.getByRole('region', { name: 'Liste des contacts' }).locator('tbody tr');
}

async function openContacts(page: Page) {
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
}

test('a Windows-1252 semicolon CSV is mapped, previewed with its errors, imported with a summary, and a second run changes nothing', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  await api.createLead({ firstName: 'Gérald', email: 'gerald@example.ch', company: 'Déjà là SA' });
  await signIn(page);
  await openContacts(page);

  const csv = Buffer.from(
    'Prénom;Nom;Courriel;Natel;Société;Remarque\r\n' +
      'Zoé;Bürki;zoe.burki@example.ch;+41 79 111 22 33;Crèmerie;x\r\n' +
      'Gérald;Nouveau;gerald@example.ch;+41 79 222 33 44;Autre SA;y\r\n' +
      'Y;Court;pas-un-email;;;z\r\n',
    'latin1',
  );
  await page.getByRole('button', { name: 'Importer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des contacts' });
  await dialog.getByLabel('Fichier CSV').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: csv });

  await expect(dialog.getByText('contacts.csv : 3 lignes, dont 1 ligne en erreur.')).toBeVisible();
  await expect(dialog.getByLabel('Colonne « Prénom »')).toHaveValue('firstName');
  await expect(dialog.getByLabel('Colonne « Courriel »')).toHaveValue('email');
  await expect(dialog.getByLabel('Colonne « Natel »')).toHaveValue('phone');
  await expect(dialog.getByLabel('Colonne « Remarque »')).toHaveValue('');
  await dialog.getByLabel('Colonne « Remarque »').selectOption({ label: 'Message' });
  const preview = dialog.getByRole('region', { name: 'Aperçu des premières lignes' });
  await expect(preview.locator('tbody tr')).toHaveCount(3);
  await expect(preview.locator('tbody tr').nth(0)).toContainText('Crèmerie');
  await expect(preview.locator('tbody tr').nth(2)).toContainText('Le prénom doit comporter au moins 2 caractères');
  await expect(preview.locator('tbody tr').nth(2)).toContainText('Email invalide');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'import-preview');

  await dialog.getByRole('button', { name: 'Importer 3 lignes' }).click();
  await expect(dialog.getByRole('heading', { name: 'Import terminé' })).toBeVisible();
  await expect(dialog.getByText('Créés', { exact: true }).locator('..')).toContainText('1');
  await expect(dialog.getByText('Complétés', { exact: true }).locator('..')).toContainText('1');
  await expect(dialog.getByText('En erreur', { exact: true }).locator('..')).toContainText('1');
  await expect(dialog.getByText('Ligne 4 : Le prénom doit comporter au moins 2 caractères ; Email invalide')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'import-summary');
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).first().click();
  await expect(rows(page)).toHaveCount(2);

  const [gerald] = await api.leads('gerald@example.ch');
  expect(gerald).toMatchObject({ firstName: 'Gérald', lastName: 'Nouveau', company: 'Déjà là SA', phone: '+41 79 222 33 44' });
  const [zoe] = await api.leads('zoe.burki@example.ch');
  expect(zoe).toMatchObject({ firstName: 'Zoé', lastName: 'Bürki', message: 'x' });

  // The same file again: nothing created, nothing completed.
  await page.getByRole('button', { name: 'Importer' }).click();
  await dialog.getByLabel('Fichier CSV').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: csv });
  await dialog.getByLabel('Colonne « Remarque »').selectOption({ label: 'Message' });
  await dialog.getByRole('button', { name: 'Importer 3 lignes' }).click();
  await expect(dialog.getByText('Créés', { exact: true }).locator('..')).toContainText('0');
  await expect(dialog.getByText('Complétés', { exact: true }).locator('..')).toContainText('0');
  await expect(dialog.getByText('Ignorés', { exact: true }).locator('..')).toContainText('2');
});

test('selected contacts are tagged, untagged, given a status, exported and deleted', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  for (const [name, email] of [
    ['Alice', 'alice@bulk.example.ch'],
    ['Bruno', 'bruno@bulk.example.ch'],
    ['Chloé', 'chloe@bulk.example.ch'],
  ]) {
    await api.createLead({ firstName: name, email });
  }
  await signIn(page);
  await openContacts(page);
  // Only this journey's contacts (the file's other journeys share the database).
  await page.getByPlaceholder('Rechercher un contact par nom, email...').fill('bulk.example.ch');
  await page.getByPlaceholder('Rechercher un contact par nom, email...').press('Enter');
  await expect(page).toHaveURL(/search=bulk\.example\.ch/);
  await expect(rows(page)).toHaveCount(3);

  await page.getByLabel('Sélectionner Alice').check();
  await page.getByLabel('Sélectionner Bruno').check();
  const bar = page.getByRole('region', { name: 'Actions groupées' });
  await expect(bar).toContainText('2 sélectionnés');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'bulk-bar');

  await bar.getByRole('button', { name: 'Ajouter un tag' }).click();
  const tagDialog = page.getByRole('dialog', { name: 'Ajouter un tag' });
  await tagDialog.getByLabel('Tag').fill('vip');
  expect(await seriousViolations(page)).toEqual([]);
  await tagDialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(toast(page)).toContainText('2 contacts modifiés sur 2');
  await expect(rows(page).filter({ hasText: 'vip' })).toHaveCount(2);

  await page.getByLabel('Sélectionner Alice').check();
  await bar.getByRole('button', { name: 'Retirer un tag' }).click();
  await page.getByRole('dialog', { name: 'Retirer un tag' }).getByLabel('Tag').fill('VIP');
  await page.getByRole('dialog', { name: 'Retirer un tag' }).getByRole('button', { name: 'Retirer' }).click();
  await expect(rows(page).filter({ hasText: 'vip' })).toHaveCount(1);

  await page.getByLabel('Sélectionner tous les contacts de la page').check();
  await expect(bar).toContainText('3 sélectionnés');
  await bar.getByRole('button', { name: 'Changer le statut' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Changer le statut' });
  await statusDialog.getByRole('button', { name: 'Nouveau statut' }).click();
  await page.getByRole('option', { name: 'Qualifié', exact: true }).click();
  await statusDialog.getByRole('button', { name: 'Appliquer' }).click();
  await expect(toast(page)).toContainText('3 contacts modifiés sur 3');
  const statuses = await Promise.all(['alice', 'bruno', 'chloe'].map(async (name) => (await api.leads(name))[0]));
  expect(statuses.map((lead) => (lead as unknown as { status: string }).status)).toEqual(['qualified', 'qualified', 'qualified']);

  await page.getByLabel('Sélectionner Chloé').check();
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Exporter' }).click();
  await confirmIdentityIfAsked(page, download);
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(file!, 'utf8');
  expect(text.startsWith('\uFEFFID;Prénom;Nom;Email')).toBe(true);
  expect(text).toContain(';Chloé;;chloe@bulk.example.ch;');
  expect(text.split('\r\n')).toHaveLength(3);

  await bar.getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('Êtes-vous sûr de vouloir supprimer le contact sélectionné ?');
  await confirm.getByRole('button', { name: 'Supprimer 1 contact' }).click();
  await confirmIdentityIfAsked(page, toast(page).getByText('Contacts supprimés'));
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'Chloé' })).toHaveCount(0);
});

test('"Par date" takes a range of Swiss days', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const created = (await api.createLead({ firstName: 'Aujourdhui', email: 'today@range.example.ch' })) as { id: number; createdAt?: string };
  await signIn(page);
  await openContacts(page);
  await page.getByRole('button', { name: /Filtrer/ }).click();
  await page.getByRole('menuitem', { name: 'Plage de dates…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plage de dates' });
  await dialog.getByLabel('Du').fill('2020-01-01');
  await dialog.getByLabel('Au').fill('2019-12-31');
  await dialog.getByRole('button', { name: 'Appliquer' }).click();
  await expect(dialog.getByText('La date « au » doit être postérieure ou égale à la date « du ».')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'date-range');
  await dialog.getByLabel('Au').fill('2020-01-31');
  await dialog.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByRole('button', { name: /Date : du 01\/01\/2020 au 31\/01\/2020/ })).toBeVisible();
  await expect(rows(page)).toHaveText(['Aucun contact trouvé']);

  await page.getByRole('button', { name: /Date : du 01\/01\/2020/ }).click();
  await expect(rows(page).filter({ hasText: 'Aujourdhui' })).toHaveCount(1);

  // The contact's day (today), in Swiss time, as the date inputs take it: read from its creation, so a run
  // that crosses Swiss midnight looks for the day it was created on.
  const [day, month, year] = new Intl.DateTimeFormat('fr-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(created.createdAt!)).split('.');
  await page.getByRole('button', { name: /Filtrer/ }).click();
  await page.getByRole('menuitem', { name: 'Plage de dates…' }).click();
  await dialog.getByLabel('Du').fill(`${year}-${month}-${day}`);
  await dialog.getByLabel('Au').fill(`${year}-${month}-${day}`);
  await dialog.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('button', { name: `Date : du ${day}/${month}/${year} au ${day}/${month}/${year} Retirer ce filtre` })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Aujourdhui' })).toHaveCount(1);
});
