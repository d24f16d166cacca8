/**
 * The dashboard and the frame around every screen: counters and cards filled with
 * real data, the sidebar's active link, "Page non trouvée", the left sheet on a 360 px phone, and
 * the dashboard's accessibility.
 */
import type { Locator, Page } from '@playwright/test';
import { adminApi, expect, seriousViolations, signIn, test } from './admin-helpers.ts';
import { frenchLongDate, frenchTime } from '../../api/platform/lib/french-dates.ts';

test('the dashboard shows the counters, the latest contacts, the next webinars and the latest activity', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  await signIn(page);
  // An empty database: placeholders and empty texts.
  await expect(page.getByText('Aucune évolution depuis le mois dernier')).toBeVisible();
  await expect(page.getByText('Aucun contact récent')).toBeVisible();
  await expect(page.getByText('Aucun webinaire à venir')).toBeVisible();
  await expect(page.getByText('Webinaire à venir', { exact: true })).toBeVisible();

  const first = await api.createLead({ firstName: 'Léa', lastName: 'Favre', email: 'lea.favre@dashboard.test', source: 'referral' });
  for (let i = 1; i <= 5; i++) await api.createLead({ firstName: `Récent${i}`, lastName: 'Contact', email: `recent${i}@dashboard.test` });
  await api.addActivity(first.id, {
    type: 'meeting',
    title: 'Rendez-vous de présentation',
    description: 'Au bureau de Lausanne.',
    status: 'in_progress',
  });
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const webinarA = inDays(3);
  await api.createWebinar({ title: 'Webinaire A', datetime: webinarA, duration: 45 });
  await api.createWebinar({
    title: 'Webinaire B',
    datetime: inDays(10),
    isActive: false,
    description: 'Une description assez longue pour tenir sur deux lignes au plus.',
  });
  await api.createWebinar({ title: 'Webinaire C', datetime: inDays(20) });
  await api.createWebinar({ title: 'Webinaire D', datetime: inDays(30) });

  await page.reload();
  const card = (label: string) => page.locator('section').filter({ has: page.getByText(label, { exact: true }) });
  await expect(card('Total des contacts')).toContainText('6');
  // Six new contacts and none the month before: no percentage to give (decision 119).
  await expect(card('Total des contacts')).toContainText('Aucun nouveau contact le mois dernier');
  await expect(card('Total des contacts')).not.toContainText('%');
  await expect(card('Nouveaux contacts ce mois')).toContainText('6');
  // Three active upcoming webinars (B is inactive): plural label.
  await expect(card('Webinaires à venir')).toContainText('3');
  await expect(card('Inscriptions aux webinaires')).toContainText('0');

  const recent = page.getByRole('region', { name: 'Derniers contacts' });
  await expect(recent.getByRole('listitem')).toHaveCount(5);
  await expect(recent.getByRole('listitem').first()).toContainText('Récent5 Contact');
  await expect(recent.getByRole('listitem').first()).toContainText('Formulaire');
  await expect(recent).not.toContainText('Léa Favre');
  await expect(recent.getByRole('link', { name: 'Voir tous les contacts' })).toHaveAttribute('href', '/admin/leads');

  const upcoming = page.getByRole('region', { name: 'Prochains webinaires' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(3);
  await expect(upcoming.getByRole('listitem').nth(0)).toContainText('Webinaire A');
  await expect(upcoming.getByRole('listitem').nth(0)).toContainText('Durée : 45 minutes');
  await expect(upcoming.getByRole('listitem').nth(0)).toContainText('Actif');
  await expect(upcoming.getByRole('listitem').nth(1)).toContainText('Inactif');
  await expect(upcoming.getByRole('listitem').nth(0)).toContainText(`${frenchLongDate(new Date(webinarA))} à ${frenchTime(new Date(webinarA))}`);
  await expect(upcoming).not.toContainText('Webinaire D');

  const activity = page.getByRole('region', { name: 'Activité récente', exact: true });
  await expect(activity.getByRole('columnheader')).toHaveText(['Date', 'Type', 'Contact', 'Description', 'Statut']);
  const meeting = activity.locator('tbody tr').filter({ hasText: 'Rendez-vous de présentation' });
  await expect(meeting).toContainText('Réunion');
  await expect(meeting).toContainText('En cours');
  await expect(meeting).toContainText(/\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
  await meeting.getByRole('link', { name: 'Léa Favre' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Léa Favre' })).toBeVisible();
  await expect(page.getByText('Recommandation')).toBeVisible();
});

test('the sidebar marks one current page, every entry opens its screen, and unknown admin pages say so', async ({ page, request, baseURL }) => {
  await adminApi(request, baseURL!);
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link')).toHaveText(['Tableau de bord', 'Contacts', 'Webinaires', 'Tags', 'Tâches', 'Emails', 'Analytiques', 'Paramètres']);

  await nav.getByRole('link', { name: 'Contacts' }).click();
  await expect(nav.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Nouveau contact' }).click();
  await expect(nav.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');

  // No sidebar entry leads to "Page non trouvée" any more.
  for (const [name, path] of [
    ['Tags', '/admin/tags'],
    ['Tâches', '/admin/tasks'],
    ['Emails', '/admin/emails'],
    ['Analytiques', '/admin/analytics'],
    ['Paramètres', '/admin/settings'],
  ] as const) {
    await nav.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}(/[a-z]+)?$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }

  // A link is current when the path continues it: "/admin/…" continues "/admin", so an unknown page keeps the dashboard link current.
  await page.goto('/admin/nimporte/quoi');
  await expect(page.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeVisible();
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['Tableau de bord']);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the sidebar opens as a left sheet that closes after a choice, and nothing overflows sideways', async ({ page, request, baseURL }) => {
    const api = await adminApi(request, baseURL!);
    await api.createLead({
      firstName: 'Mobile',
      lastName: 'Contact',
      email: 'mobile@dashboard.test',
      company: 'Une société au nom vraiment très long SA',
    });
    await signIn(page);
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu de navigation' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('aria-current', 'page');
    await sheet.getByRole('link', { name: 'Contacts' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    // The table scrolls inside its own box; the page itself does not.
    await expect(page.getByRole('region', { name: 'Liste des contacts' })).toContainText('Mobile Contact');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Escape closes the sheet too, and the account menu works from inside it.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await sheet.getByRole('button', { name: /Camille Rochat/ }).click();
    await page.getByRole('menuitem', { name: 'Paramètres' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

/**
 * Opens a dialog and closes it with Escape, five times, each Escape following its click at once (while
 * the dialog enters). The first opening is awaited: the sheet's code loads then.
 */
async function pressEscapeRightAfterOpening(page: Page, open: Locator, dialog: Locator) {
  await open.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  for (let round = 0; round < 5; round++) {
    await open.click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

test.describe('on a 360 px phone, Escape right after opening', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  // Closing while the sheet slides in once left it on screen and the page inert (decision 083).
  test('the sheet closed while it slides in goes away and leaves the page usable', async ({ page, request, baseURL }) => {
    await adminApi(request, baseURL!);
    await signIn(page);
    const open = page.getByRole('button', { name: 'Ouvrir le menu' });
    const sheet = page.getByRole('dialog', { name: 'Menu de navigation' });
    await pressEscapeRightAfterOpening(page, open, sheet);
    await open.click();
    await sheet.getByRole('link', { name: 'Contacts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  });
});

test('a dialog closed with Escape while it appears goes away and leaves the page usable', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const lead = await api.createLead({ firstName: 'Fermeture', lastName: 'Rapide', email: 'rapide@dashboard.test' });
  await signIn(page);
  await page.goto(`/admin/leads/${lead.id}`);
  const open = page.getByRole('button', { name: 'Nouvelle activité' });
  const dialog = page.getByRole('dialog', { name: 'Nouvelle activité' });
  await pressEscapeRightAfterOpening(page, open, dialog);
  await open.click();
  await expect(dialog.getByLabel('Titre')).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('the dashboard has no serious or critical accessibility violation', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const lead = await api.createLead({ firstName: 'Axe', lastName: 'Scan', email: 'axe@dashboard.test' });
  await api.addActivity(lead.id, { type: 'note', title: 'Note de suivi', status: 'planned' });
  await api.createWebinar({ title: 'Webinaire accessible', datetime: new Date(Date.now() + 5 * 86_400_000).toISOString() });
  await signIn(page);
  await expect(page.getByRole('region', { name: 'Activité récente', exact: true })).toContainText('Note de suivi');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /Camille Rochat/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('menus, dialogs and selects work from the keyboard', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const lead = await api.createLead({ firstName: 'Clavier', lastName: 'Seul', email: 'clavier@dashboard.test' });
  await signIn(page);

  // The account menu (loaded on first use) opens with Enter and is walked with the arrows.
  await page.getByRole('button', { name: /Camille Rochat/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeHidden();

  // A row menu: Enter opens it, the arrows move, Enter follows the link.
  await page.goto('/admin/leads');
  const actions = page.getByRole('button', { name: 'Actions pour Clavier Seul' });
  await actions.focus();
  await page.keyboard.press('Enter');
  // Headless UI keeps focus on the menu and marks the active item (aria-activedescendant, data-focus).
  await expect(page.getByRole('menuitem', { name: 'Voir' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Modifier' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${lead.id}/edit$`));

  // A select (Headless UI listbox) from the keyboard: Space opens it, the arrows move, Enter picks;
  // like a native select, Enter on the closed select submits the form.
  await page.getByRole('button', { name: 'Statut' }).focus();
  await page.keyboard.press(' ');
  await expect(page.getByRole('option', { name: 'Nouveau' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Statut' })).toContainText('Contacté');
  await page.getByLabel('Société').fill('Clavier SA');
  await page.getByRole('button', { name: 'Statut' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${lead.id}$`));
  await expect(page.getByText('Clavier SA')).toBeVisible();

  // A dialog traps focus, closes with Escape and gives focus back.
  const open = page.getByRole('button', { name: 'Nouvelle activité' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nouvelle activité' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
