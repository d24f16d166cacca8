/**
 * A webinar in the back office (decisions 055, 057): editing it (the registrants are told), attendance (a row's
 * status, "Marquer absents" on a selection, "Importer les présents" from a Zoom CSV), and the two CSV
 * downloads (registrations, and contacts with the list's search).
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { adminApi, confirmIdentityIfAsked, expect, seriousViolations, signIn, test, toast } from '../admin-helpers.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function signUp(request: APIRequestContext, baseURL: string, firstName: string, lastName: string, email: string) {
  const response = await request.post('/api/leads', { data: { firstName, lastName, email, type: 'webinar' }, headers: { origin: new URL(baseURL).origin } });
  expect(response.status()).toBe(201);
}

test('a webinar is edited on its own page; a new duration and link reach the registrants', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const webinar = await api.createWebinar({ title: 'Respirer sous pression', datetime: inDays(20) });
  await signUp(request, baseURL!, 'Nora', 'Meier', 'nora.meier@example.ch');

  await signIn(page);
  await page.goto(`/admin/webinars/${webinar.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Respirer sous pression' })).toBeVisible();
  await expect(page.getByText('Pas encore de lien')).toBeVisible();
  await page.getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier le webinaire' });
  await expect(dialog.getByLabel('Titre')).toHaveValue('Respirer sous pression');
  await expect(dialog.getByLabel('Durée (minutes)')).toHaveValue('60');
  expect(await seriousViolations(page)).toEqual([]);

  // The creation rules hold, with their messages.
  await dialog.getByLabel('Durée (minutes)').fill('5');
  await dialog.getByLabel('Lien de connexion').fill('zoom');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('La durée doit être un nombre entier de minutes compris entre 15 et 240.')).toBeVisible();
  await expect(dialog.getByText('Le lien de connexion doit être une adresse complète commençant par http:// ou https://.')).toBeVisible();

  await dialog.getByLabel('Durée (minutes)').fill('90');
  await dialog.getByLabel('Lien de connexion').fill('https://zoom.us/j/987654321');
  await dialog.getByRole('switch', { name: 'Actif' }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page)).toContainText('Webinaire modifié');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('90 minutes')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://zoom.us/j/987654321' })).toBeVisible();
  await expect(page.getByText('Inactif')).toBeVisible();

  // The registrant's update e-mail is queued (the Emails screen lists it).
  const emails = await request.get('/api/admin/emails?kind=webinar_update');
  expect(emails.status()).toBe(200);
  const listed = (await emails.json()).emails as Array<{ to: string }>;
  expect(listed.map((email) => email.to)).toEqual(['nora.meier@example.ch']);
});

test('attendance: a row, a selection, and the Zoom import; then both CSV downloads', { tag: '@empty-database' }, async ({ page, request, baseURL }, testInfo) => {
  const api = await adminApi(request, baseURL!);
  const webinar = await api.createWebinar({ title: 'Atelier sommeil', datetime: inDays(30) });
  await signUp(request, baseURL!, 'Léa', 'Favre', 'lea.favre@example.ch');
  await signUp(request, baseURL!, 'Marc', 'Dupont', 'marc.dupont@example.ch');
  await signUp(request, baseURL!, 'Zoé', 'Martin', 'zoe.martin@example.ch');

  await signIn(page);
  await page.goto(`/admin/webinars/${webinar.id}/registrations`);
  const table = page.getByRole('region', { name: 'Inscriptions du webinaire' });
  await expect(table.locator('tbody tr')).toHaveCount(3);

  // One row: Léa came.
  await table.getByLabel('Statut de Léa Favre').selectOption('attended');
  await expect(toast(page)).toContainText('Léa Favre : Présent.');
  await expect(table.getByLabel('Statut de Léa Favre')).toHaveValue('attended');

  // A selection: Marc and Zoé did not.
  await table.getByLabel('Sélectionner Marc Dupont').check();
  await table.getByLabel('Sélectionner Zoé Martin').check();
  await page.getByRole('button', { name: 'Marquer absents' }).click();
  await expect(toast(page)).toContainText('2 inscription(s) mise(s) à jour.');
  await expect(table.getByLabel('Statut de Marc Dupont')).toHaveValue('no-show');
  await expect(table.getByLabel('Statut de Zoé Martin')).toHaveValue('no-show');
  const stats = page.getByRole('region', { name: 'Statistiques' });
  await expect(
    stats
      .locator('div')
      .filter({ hasText: /^Absents/ })
      .locator('dd'),
  ).toHaveText('2');

  // The Zoom export says Marc came after all; one address is nobody's.
  await page.getByRole('button', { name: 'Importer les présents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer les présents' });
  const zoom =
    '\uFEFFName (Original Name),User Email,Join Time,Duration (Minutes)\r\n"Dupont, Marc",marc.dupont@example.ch,11/26/2026 06:01 PM,58\r\nInvité,invite@example.org,11/26/2026 06:03 PM,40\r\n';
  await dialog.getByLabel('Fichier CSV des participants').setInputFiles({ name: 'participants.csv', mimeType: 'text/csv', buffer: Buffer.from(zoom) });
  await dialog.getByRole('button', { name: 'Importer' }).click();
  const result = dialog.getByRole('status');
  await expect(result).toContainText('1 inscription(s) marquée(s) présente(s), 0 absente(s).');
  await expect(result).toContainText('invite@example.org');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('import-1366.png') });
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(table.getByLabel('Statut de Marc Dupont')).toHaveValue('attended');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('registrations-1366.png'), fullPage: true });

  // "Exporter en CSV": Swiss Excel's format, with the statuses just set.
  let downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporter en CSV' }).click();
  await confirmIdentityIfAsked(page, downloading);
  let download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^inscriptions-webinaire-${webinar.id}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.csv$`));
  let bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  let text = bytes.subarray(3).toString('utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('Prénom;Nom;Email;Téléphone;Société;Statut;Inscrit le;Tags');
  expect(lines.slice(1, 4).map((line) => line.split(';').slice(0, 3).concat(line.split(';')[5]!))).toEqual([
    ['Léa', 'Favre', 'lea.favre@example.ch', 'Présent'],
    ['Marc', 'Dupont', 'marc.dupont@example.ch', 'Présent'],
    ['Zoé', 'Martin', 'zoe.martin@example.ch', 'Absent'],
  ]);

  // "Exporter" on the contacts list takes the current search along.
  await page.goto('/admin/leads');
  await page.getByRole('searchbox').fill('martin');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/search=martin/);
  downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporter' }).click();
  await confirmIdentityIfAsked(page, downloading);
  download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  bytes = await readFile((await download.path())!);
  text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFFPrénom;Nom;Email;')).toBe(true);
  expect(text).toContain('zoe.martin@example.ch');
  expect(text).not.toContain('lea.favre@example.ch');
  expect(text.trimEnd().split('\r\n')).toHaveLength(2);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/webinars/${webinar.id}/registrations`);
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath('registrations-390.png'), fullPage: true });
});
