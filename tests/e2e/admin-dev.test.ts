/**
 * The tabbed admin page /admin-dev: Contacts, Webinaires and Inscriptions tabs with
 * their own dialogs and "Page X sur Y" pagination; its data comes from /api/admin-dev.
 */
import { adminApi, expect, signIn, test, toast } from './admin-helpers.ts';

test('the three tabs of /admin-dev', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  for (let i = 1; i <= 12; i++) {
    await api.createLead({
      firstName: `Onglet${String(i).padStart(2, '0')}`,
      lastName: 'Dev',
      email: `onglet${i}@dev.test`,
      phone: i === 12 ? '+41 21 555 00 12' : '',
    });
  }
  await signIn(page);
  const devCalls: string[] = [];
  page.on('request', (call) => {
    if (call.url().includes('/api/admin')) devCalls.push(new URL(call.url()).pathname);
  });

  await page.goto('/admin-dev');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveText(['Contacts', 'Webinaires', 'Inscriptions']);
  await expect(tabs.getByRole('tab', { name: 'Contacts' })).toHaveAttribute('aria-selected', 'true');

  // Contacts: total in the title, '---' for empty values, "Page X sur Y".
  const contacts = page.getByRole('tabpanel');
  await expect(contacts.getByRole('heading', { name: 'Contacts (12)' })).toBeVisible();
  const rows = contacts.getByRole('region', { name: 'Contacts' }).locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('Onglet12 Dev');
  await expect(rows.first()).toContainText('+41 21 555 00 12');
  await expect(rows.nth(1)).toContainText('---');
  await expect(contacts.getByText('Page 1 sur 2')).toBeVisible();
  await contacts.getByRole('button', { name: /Suivant/ }).click();
  await expect(contacts.getByText('Page 2 sur 2')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(contacts.getByRole('button', { name: /Suivant/ })).toBeDisabled();

  await contacts.getByRole('searchbox', { name: 'Rechercher un contact' }).fill('onglet03');
  await contacts.getByRole('button', { name: 'Rechercher' }).click();
  await expect(rows).toHaveCount(1);
  await expect(contacts.getByText(/Page \d+ sur/)).toBeHidden();
  await rows
    .first()
    .getByRole('button', { name: /Supprimer/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('Êtes-vous sûr de vouloir supprimer le contact Onglet03 Dev ? Cette action est irréversible.');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page)).toContainText('Contact supprimé');
  await expect(rows).toHaveText(['Aucun contact trouvé']);
  await expect(contacts.getByRole('heading', { name: 'Contacts (0)' })).toBeVisible();

  // Inscriptions with no webinar yet: the empty state points to the webinars view.
  await tabs.getByRole('tab', { name: 'Inscriptions' }).click();
  await expect(page).toHaveURL(/\/admin-dev\?tab=registrations$/);
  const registrations = page.getByRole('tabpanel');
  await expect(registrations.getByRole('heading', { name: 'Inscriptions aux webinaires' })).toBeVisible();
  await expect(registrations).toContainText('Aucun webinaire disponible');
  await expect(registrations).toContainText("Veuillez d'abord créer un webinaire avant de consulter les inscriptions.");
  await expect(registrations.getByRole('link', { name: 'Créer un webinaire' })).toHaveAttribute('href', '/admin?tab=webinars');

  // Webinaires: create through the tab's dialog, then open its registrations.
  await tabs.getByRole('tab', { name: 'Webinaires' }).click();
  const webinars = page.getByRole('tabpanel');
  await expect(webinars.getByRole('heading', { name: 'Webinaires (0)' })).toBeVisible();
  await expect(webinars).toContainText('Aucun webinaire trouvé');
  await webinars.getByRole('button', { name: 'Nouveau webinaire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer un nouveau webinaire' });
  await dialog.getByLabel('Titre').fill('Session de découverte');
  await dialog.getByLabel('Description').fill('Une heure pour découvrir le programme.');
  await dialog.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(dialog.getByText('La date est obligatoire.')).toBeVisible();
  await expect(dialog.getByText("L'heure est obligatoire.")).toBeVisible();
  await dialog.getByLabel('Date').fill('2027-03-15');
  await dialog.getByLabel('Heure').fill('09:05');
  await dialog.getByRole('switch', { name: 'Actif' }).click();
  await dialog.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(toast(page)).toContainText('Webinaire créé');
  await expect(webinars.getByRole('heading', { name: 'Webinaires (1)' })).toBeVisible();
  const row = webinars.getByRole('region', { name: 'Webinaires' }).locator('tbody tr');
  await expect(row).toContainText('Session de découverte');
  await expect(row).toContainText('15 mars 2027 à 09 h 05');
  await expect(row).toContainText('Inactif');

  await tabs.getByRole('tab', { name: 'Inscriptions' }).click();
  await expect(page.getByRole('button', { name: 'Sélectionner un webinaire' })).toContainText('Session de découverte — 15 mars 2027 à 09 h 05');
  await expect(page.getByRole('region', { name: 'Inscriptions du webinaire' })).toContainText('Aucune inscription trouvée pour ce webinaire');

  await tabs.getByRole('tab', { name: 'Webinaires' }).click();
  await row.getByRole('link', { name: /Inscriptions/ }).click();
  await expect(page).toHaveURL(/\/admin\/webinar\/\d+\/registrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inscriptions aux webinaires' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sélectionner un webinaire' })).toContainText('Session de découverte');

  // The tabbed page talks to /api/admin-dev, the rest of the back office to /api/admin.
  expect(devCalls.filter((path) => path.startsWith('/api/admin-dev/')).length).toBeGreaterThan(0);
  expect(devCalls.filter((path) => path.startsWith('/api/admin-dev/')).every((path) => /leads|webinars/.test(path))).toBe(true);

  // "Créer un webinaire" (/admin?tab=webinars) opens the webinars view.
  await page.goto('/admin?tab=webinars');
  await expect(page.getByRole('heading', { level: 1, name: 'Webinaires' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Webinaires', exact: true })).toHaveAttribute('aria-current', 'page');
});
