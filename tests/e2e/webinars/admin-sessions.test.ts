/**
 * Webinars and registrations: the create dialog with its limits, Swiss
 * time whatever the browser's zone, a visitor registering through the public form and showing up
 * in the registrations with the statistics, the webinar's own page, and deletion.
 */
import { adminApi, confirmIdentityIfAsked, expect, signIn, test, toast } from '../admin-helpers.ts';
import { frenchLongDate } from '../../../api/platform/lib/french-dates.ts';

/** A day about two weeks ahead, as an <input type="date"> value. */
function dayAhead(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() + days * 86_400_000));
}

test.describe('from a browser in New York', () => {
  // The dialog takes Swiss wall-clock time and every date shows in Swiss time, whatever the browser's zone.
  test.use({ timezoneId: 'America/New_York' });

  test('a webinar is created (limits checked), a visitor registers, and shows up with the statistics', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
    const api = await adminApi(request, baseURL!);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Webinaires' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webinaires' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Liste des webinaires' })).toContainText('Aucun webinaire trouvé');

    await page.getByRole('button', { name: 'Nouveau webinaire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un nouveau webinaire' });
    await expect(dialog).toContainText('Remplissez le formulaire ci-dessous pour créer un nouveau webinaire.');
    // The form's defaults: 60 minutes, online (in French, stored `online`), 100 seats, active.
    await expect(dialog.getByLabel('Durée (minutes)')).toHaveValue('60');
    await expect(dialog.getByLabel('Nombre maximum de participants')).toHaveValue('100');
    await expect(dialog.getByLabel('Lieu')).toHaveValue('En ligne');
    await expect(dialog.getByRole('switch', { name: 'Actif' })).toBeChecked();

    const day = dayAhead(12);
    await dialog.getByLabel('Titre').fill('Les 4 hormones du bonheur');
    await dialog.getByLabel('Description').fill('Dopamine, sérotonine, ocytocine et endorphines : trois techniques rapides.');
    await dialog.getByLabel('Date').fill(day);
    await dialog.getByLabel('Heure').fill('18:30');
    await dialog.getByLabel('Durée (minutes)').fill('10');
    await dialog.getByLabel('Nombre maximum de participants').fill('2000');
    await dialog.getByLabel("URL de l'image").fill('pas-une-adresse');
    await dialog.getByRole('button', { name: 'Créer', exact: true }).click();
    await expect(dialog.getByText('La durée doit être un nombre entier de minutes compris entre 15 et 240.')).toBeVisible();
    await expect(dialog.getByText('Le nombre maximum de participants doit être un nombre entier compris entre 1 et 1000.')).toBeVisible();
    await expect(dialog.getByText("L'URL de l'image doit être une adresse complète commençant par http:// ou https://.")).toBeVisible();

    await dialog.getByLabel('Durée (minutes)').fill('90');
    await dialog.getByLabel('Nombre maximum de participants').fill('50');
    await dialog.getByLabel("URL de l'image").fill('');
    await dialog.getByLabel("URL d'inscription").fill('https://innercircle.example.ch/webinaire');
    await dialog.getByRole('button', { name: 'Créer', exact: true }).click();
    await expect(toast(page)).toContainText('Webinaire créé');
    await expect(toast(page)).toContainText('Le webinaire a été créé avec succès.');
    await expect(dialog).toBeHidden();

    // French long dates ("1er" for the first of a month, no leading zero) as the product writes them.
    const longDate = frenchLongDate(new Date(`${day}T12:00:00Z`));
    const row = page.getByRole('region', { name: 'Liste des webinaires' }).locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Les 4 hormones du bonheur');
    await expect(row).toContainText(`${longDate} à 18 h 30`);
    await expect(row).toContainText('90 min');
    await expect(row).toContainText('Actif');
    // "Lieu" (5th column) reads the stored `online` in French.
    await expect(row.locator('td').nth(4)).toHaveText('En ligne');
    // Stored as the instant of 18:30 in Zurich.
    const stored = (await (await request.get('/api/admin/webinars')).json()).webinars[0];
    expect(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich', dateStyle: 'short', timeStyle: 'short' }).format(new Date(stored.datetime))).toBe(`${day} 18:30`);
    expect(stored).toMatchObject({ duration: 90, maxAttendees: 50, location: 'online', isActive: true });

    // A visitor registers through the public webinar page.
    await page.goto('/webinaire');
    const form = page.locator('form[action="/api/leads"]').first();
    await form.getByLabel('Prénom').fill('Nora');
    // The form hydrates once the visitor starts using it (client:interaction).
    await expect(page.locator('astro-island[component-url*="/WebinarForm."]').first()).not.toHaveAttribute('ssr');
    await form.getByLabel(/^Nom/).fill('Meier');
    await form.getByLabel('Email').fill('nora.meier@example.ch');
    await form.getByLabel('Entreprise').fill('Meier & Fils');
    await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Inscription réussie');

    // The registrations of the webinar, reached from its row menu.
    await page.goto('/admin/webinars');
    await page.getByRole('button', { name: 'Actions pour Les 4 hormones du bonheur' }).click();
    await page.getByRole('menuitem', { name: 'Inscriptions' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/webinars/${stored.id}/registrations$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Inscriptions aux webinaires' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sélectionner un webinaire' })).toContainText(`Les 4 hormones du bonheur — ${longDate} à 18 h 30`);
    const registrations = page.getByRole('region', { name: 'Inscriptions du webinaire' }).locator('tbody tr');
    await expect(registrations).toHaveCount(1);
    await expect(registrations).toContainText('Nora Meier');
    await expect(registrations).toContainText('nora.meier@example.ch');
    await expect(registrations.locator('span').getByText('Inscrit', { exact: true })).toBeVisible();
    await expect(registrations.getByLabel('Statut de Nora Meier')).toHaveValue('registered');
    const stats = page.getByRole('region', { name: 'Statistiques' });
    await expect(stats.locator('div').filter({ hasText: 'Total des inscriptions' }).locator('dd')).toHaveText('1');
    await expect(
      stats
        .locator('div')
        .filter({ hasText: /^Inscrits/ })
        .locator('dd'),
    ).toHaveText('1');
    await expect(
      stats
        .locator('div')
        .filter({ hasText: /^Présents/ })
        .locator('dd'),
    ).toHaveText('0');
    await expect(
      stats
        .locator('div')
        .filter({ hasText: /^Absents/ })
        .locator('dd'),
    ).toHaveText('0');

    // "Actualiser" picks up a registration made meanwhile (no polling, no refetch on focus).
    await api.createWebinar({ title: 'Atelier sommeil', datetime: new Date(Date.now() + 40 * 86_400_000).toISOString() });
    const second = await page.request.post('/api/leads', {
      data: { firstName: 'Hugo', lastName: 'Perret', email: 'hugo.perret@example.ch', type: 'webinar' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(second.status()).toBe(201);
    await expect(registrations).toHaveCount(1);
    await page.getByRole('button', { name: 'Actualiser' }).click();
    await expect(registrations).toHaveCount(2);
    await expect(stats.locator('div').filter({ hasText: 'Total des inscriptions' }).locator('dd')).toHaveText('2');

    // Another webinar from the selector: no registration there.
    await page.getByRole('button', { name: 'Sélectionner un webinaire' }).click();
    await page.getByRole('option', { name: /Atelier sommeil/ }).click();
    await expect(page.getByRole('region', { name: 'Inscriptions du webinaire' })).toContainText('Aucune inscription trouvée pour ce webinaire');

    // "Exporter en CSV" downloads the selected webinar's registrations (tests/e2e/webinars/admin-sessions-manage.test.ts reads one).
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exporter en CSV' }).click();
    await confirmIdentityIfAsked(page, downloading);
    expect((await downloading).suggestedFilename()).toMatch(/^inscriptions-webinaire-\d+-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);

    // The webinar's own page, linked from the dashboard.
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tableau de bord' }).click();
    const upcoming = page.getByRole('region', { name: 'Prochains webinaires' });
    await expect(upcoming).toContainText(`${longDate} à 18 h 30`);
    await expect(upcoming).toContainText('Durée : 90 minutes');
    await upcoming.getByRole('link', { name: /Les 4 hormones du bonheur/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/webinars/${stored.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Les 4 hormones du bonheur' })).toBeVisible();
    await expect(page.getByText('https://innercircle.example.ch/webinaire')).toBeVisible();
    await expect(page.locator('dt', { hasText: /^Lieu$/ }).locator('xpath=following-sibling::dd')).toHaveText('En ligne');
    // The edit dialog shows it in French too, and saving keeps the stored value.
    await page.getByRole('button', { name: 'Modifier' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le webinaire' });
    await expect(edit.getByLabel('Lieu')).toHaveValue('En ligne');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(edit).toBeHidden();
    expect((await (await request.get(`/api/admin/webinars/${stored.id}`)).json()).location).toBe('online');
    await page.getByRole('link', { name: 'Voir les inscriptions' }).click();
    await expect(registrations).toHaveCount(2);
  });
});

test('a webinar is deleted after confirmation', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  await api.createWebinar({ title: 'Webinaire à supprimer', datetime: new Date(Date.now() + 60 * 86_400_000).toISOString() });
  await signIn(page);
  await page.goto('/admin/webinars');
  const list = page.getByRole('region', { name: 'Liste des webinaires' });
  await expect(list).toContainText('Webinaire à supprimer');
  const count = await list.locator('tbody tr').count();

  await page.getByRole('button', { name: 'Actions pour Webinaire à supprimer' }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('Êtes-vous sûr de vouloir supprimer le webinaire Webinaire à supprimer ? Cette action est irréversible.');
  // Cancelling keeps it.
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirm).toBeHidden();
  await expect(list).toContainText('Webinaire à supprimer');

  await page.getByRole('button', { name: 'Actions pour Webinaire à supprimer' }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page)).toContainText('Webinaire supprimé');
  await expect(toast(page)).toContainText('Le webinaire a été supprimé avec succès.');
  await expect(list.locator('tbody tr')).toHaveCount(count - 1 || 1);
  await expect(list).not.toContainText('Webinaire à supprimer');
});
