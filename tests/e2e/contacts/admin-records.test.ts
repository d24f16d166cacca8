/**
 * Contacts: the whole life of a contact through the back office, the
 * list's pagination, filters and counters, and the accessibility of the list and detail screens.
 */
import type { Page } from '@playwright/test';
import { adminApi, expect, seriousViolations, signIn, test, toast } from '../admin-helpers.ts';

/** Today in Zurich as the date input shows it (yyyy-mm-dd) and as the app prints it (dd/mm/yyyy). */
function zurichToday() {
  const [day, month, year] = new Intl.DateTimeFormat('fr-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()).split('.');
  return { input: `${year}-${month}-${day}`, shown: `${day}/${month}/${year}` };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

function rows(page: Page) {
  return page.getByRole('region', { name: 'Liste des contacts' }).locator('tbody tr');
}

test('a contact is created, found, tagged, given an activity, edited and deleted', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  await signIn(page);

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(rows(page)).toHaveText(['Aucun contact trouvé']);

  // Creation, with the validation messages first.
  await page.getByRole('link', { name: 'Nouveau contact' }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/new$/);
  await expect(page.getByRole('heading', { name: 'Informations personnelles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Informations complémentaires' })).toBeVisible();
  await page.getByLabel('Prénom').fill('Z');
  await page.getByLabel('Email').fill('zoe.dupont@');
  await page.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(page.getByText('Le prénom doit comporter au moins 2 caractères')).toBeVisible();
  await expect(page.getByText('Email invalide')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/leads\/new$/);

  await page.getByLabel('Prénom').fill('Zoé');
  await page.getByLabel('Nom', { exact: true }).fill('Dupont-Aebi');
  await page.getByLabel('Email').fill('zoe.dupont@example.ch');
  await page.getByLabel('Téléphone').fill('+41 79 555 12 34');
  await page.getByLabel('Société').fill('Helvetia Conseil');
  await choose(page, 'Source', 'Recommandation');
  await choose(page, 'Statut', 'Contacté');
  await page.getByLabel('Message').fill('Intéressée par le programme pour son équipe.');
  await page.getByLabel('Notes internes').fill('Rappeler après les vacances.');
  await expect(page.getByText('visibles uniquement par les administrateurs')).toBeVisible();
  await page.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(toast(page)).toContainText('Contact créé');
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Zoé Dupont-Aebi');
  await expect(rows(page).first()).toContainText('Recommandation');

  // One contact per email: a second one with the same address is refused, in French.
  await page.getByRole('link', { name: 'Nouveau contact' }).click();
  await page.getByLabel('Prénom').fill('Zoé');
  await page.getByLabel('Email').fill('ZOE.DUPONT@example.ch');
  await page.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(toast(page)).toContainText('Erreur lors de la création/modification du contact: Un contact avec cet email existe déjà.');
  await expect(page.locator('form').getByText('Un contact avec cet email existe déjà.')).toBeVisible();
  await page.getByRole('link', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);

  // Found by search, accents ignored.
  await api.createLead({ firstName: 'Marc', lastName: 'Keller', email: 'marc.keller@example.ch' });
  await page.getByRole('button', { name: 'Actualiser' }).click();
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Rechercher un contact' }).fill('zoe dupont');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/search=zoe/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('zoe.dupont@example.ch');
  await expect(rows(page).first()).toContainText('+41 79 555 12 34');
  await expect(rows(page).first()).toContainText('Helvetia Conseil');

  // Opened from the row menu.
  await page.getByRole('button', { name: 'Actions pour Zoé Dupont-Aebi' }).click();
  await page.getByRole('menuitem', { name: 'Voir' }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zoé Dupont-Aebi' })).toBeVisible();
  await expect(page.getByText('Jamais contacté')).toBeVisible();
  await expect(page.getByText('Rappeler après les vacances.')).toBeVisible();

  // A tag with an accent and a space, added then removed.
  const add = page.getByRole('button', { name: 'Ajouter' });
  await expect(add).toBeDisabled();
  await page.getByLabel('Nouveau tag').fill('   ');
  await expect(add).toBeDisabled();
  await page.getByLabel('Nouveau tag').fill('Région lémanique');
  await add.click();
  await expect(toast(page)).toContainText('Tag ajouté');
  const tags = page.getByRole('list', { name: 'Tags du contact' });
  await expect(tags).toContainText('Région lémanique');
  await expect(page.getByLabel('Nouveau tag')).toHaveValue('');
  expect((await api.leads('zoe.dupont'))[0]!.tags).toEqual(['Région lémanique']);
  await page.getByRole('button', { name: 'Supprimer le tag Région lémanique' }).click();
  await expect(toast(page)).toContainText('Tag supprimé');
  await expect(page.getByText('Aucun tag')).toBeVisible();
  expect((await api.leads('zoe.dupont'))[0]!.tags ?? []).toEqual([]);

  // An activity: title of at least 3 characters, due date defaulting to today.
  const today = zurichToday();
  await page.getByRole('button', { name: 'Nouvelle activité' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle activité' });
  await expect(dialog.getByLabel("Date d'échéance")).toHaveValue(today.input);
  await dialog.getByLabel('Titre').fill('Ap');
  await dialog.getByRole('button', { name: "Créer l'activité" }).click();
  await expect(dialog.getByText('Le titre doit comporter au moins 3 caractères')).toBeVisible();
  await dialog.getByLabel('Titre').fill('Appel de découverte');
  await dialog.getByLabel('Description').fill('Programme entreprise pour 12 personnes.');
  await dialog.getByRole('button', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Appel' }).click();
  await dialog.getByRole('button', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Terminée' }).click();
  await dialog.getByRole('button', { name: "Créer l'activité" }).click();
  await expect(toast(page)).toContainText('Activité créée');
  await expect(dialog).toBeHidden();
  const activities = page.getByRole('list', { name: 'Activités du contact' });
  await expect(activities).toContainText('Appel de découverte');
  await expect(activities).toContainText('Programme entreprise pour 12 personnes.');
  await expect(activities).toContainText(`Échéance : ${today.shown}`);
  await expect(activities).toContainText('Terminée');
  // A completed call counts as a contact: the card refreshes without a reload.
  await expect(page.getByText('Jamais contacté')).toBeHidden();

  // Edition: the form is filled with the contact, saving returns to the detail.
  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/\d+\/edit$/);
  await expect(page.getByLabel('Prénom')).toHaveValue('Zoé');
  await expect(page.getByRole('button', { name: 'Statut' })).toContainText('Contacté');
  await page.getByLabel('Société').fill('Léman Partenaires SA');
  await page.getByLabel('Téléphone').fill('');
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(toast(page)).toContainText('Contact modifié');
  await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
  await expect(page.getByText('Léman Partenaires SA')).toBeVisible();
  await expect(page.getByText('Non renseigné')).toBeVisible();

  // Deletion from the list, with confirmation.
  await page.getByRole('link', { name: 'Retour aux contacts' }).click();
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Actions pour Zoé Dupont-Aebi' }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('Êtes-vous sûr de vouloir supprimer ce contact ? Cette action ne peut pas être annulée.');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page)).toContainText('Contact supprimé');
  await expect(toast(page)).toContainText('Le contact a été supprimé avec succès.');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Marc Keller');
  expect(await api.leads('zoe.dupont')).toEqual([]);

  // An unknown contact.
  await page.goto('/admin/leads/999999');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Contact non trouvé');
  await expect(page.getByRole('main').getByRole('alert')).toContainText("n'existe pas ou vous n'avez pas la permission");
});

test('25 contacts page by page, with real counters and working filters', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const before = await (await request.get('/api/admin/stats/leads')).json();
  for (let i = 1; i <= 25; i++) {
    await api.createLead({
      firstName: `Contact${String(i).padStart(2, '0')}`,
      lastName: 'Pagination',
      email: `contact${i}@pagination.test`,
      source: i % 5 === 0 ? 'webinar' : 'form',
      status: i <= 3 ? 'contacted' : 'new',
    });
  }
  await signIn(page);
  await page.goto('/admin/leads?search=Pagination');

  // Newest first, ten per page; first, last, current ±1; ends disabled.
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText('Contact25 Pagination');
  const pager = page.getByRole('navigation', { name: 'Pagination des contacts' });
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3']);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: /précédente|Précédent/ })).toBeDisabled();
  await pager.getByRole('button', { name: /suivante|Suivant/ }).click();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows(page).first()).toContainText('Contact15 Pagination');
  await pager.getByRole('button', { name: 'Page 3' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).last()).toContainText('Contact01 Pagination');
  await expect(pager.getByRole('button', { name: /suivante|Suivant/ })).toBeDisabled();
  await expect(page).toHaveURL(/page=3/);

  // Counters from the API: created this month, status "new".
  await expect(page.getByText(`${before.newThisMonth + 25} nouveaux ce mois`)).toBeVisible();
  await expect(page.getByText(`${before.toContact + 22} à contacter`)).toBeVisible();

  // Filters: by source, by status, by date; each resets to page 1.
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await page.getByRole('menuitem', { name: 'Webinaire' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(rows(page)).toHaveCount(5);
  await expect(pager).toBeHidden();
  await page.getByRole('button', { name: /Filtrer/ }).click();
  await page.getByRole('menuitem', { name: 'Contacté' }).click();
  await expect(rows(page)).toHaveText(['Aucun contact trouvé']);
  await page.getByRole('button', { name: 'Source : Webinaire' }).click();
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('button', { name: /Filtrer/ }).click();
  await page.getByRole('menuitem', { name: 'Effacer les filtres' }).click();
  await page.getByRole('button', { name: /Filtrer/ }).click();
  await page.getByRole('menuitem', { name: "Aujourd'hui" }).click();
  await expect(rows(page)).toHaveCount(10);
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3']);
});

test('the contacts list and a contact detail have no serious or critical accessibility violation', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const lead = await api.createLead({ firstName: 'Léa', lastName: 'Favre', email: 'lea.favre@a11y.test', company: 'Favre SA' });
  await api.addActivity(lead.id, { type: 'email', title: 'Envoi de la brochure', status: 'planned', dueDate: '2026-12-01' });
  await signIn(page);

  await page.goto('/admin/leads');
  await expect(rows(page).first()).toContainText('Léa Favre');
  expect(await seriousViolations(page)).toEqual([]);
  // The newest row is this test's contact; other journeys on the worker's server may have a Léa Favre too.
  await rows(page).first().getByRole('button', { name: 'Actions pour Léa Favre' }).click();
  await expect(page.getByRole('menuitem', { name: 'Voir' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto(`/admin/leads/${lead.id}`);
  await expect(page.getByRole('list', { name: 'Activités du contact' })).toContainText('Envoi de la brochure');
  await expect(page.getByRole('list', { name: 'Activités du contact' })).toContainText('Échéance : 01/12/2026');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Nouvelle activité' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouvelle activité' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

// Last: it adds contacts the counters above would see.
test('the ten columns fit in the list’s box at 1280 and 1440 px, long values cut with their full text kept', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const long = {
    firstName: 'Marie-Antoinette-Joséphine',
    lastName: 'de Montmollin-Wattenwyl-Stauffacher',
    email: 'marie-antoinette.de-montmollin-wattenwyl@une-tres-longue-entreprise-romande.ch',
    phone: '+41 (0)79 700 80 21',
    company: 'Fondation pour la promotion du bien-être au travail en Suisse romande SA',
    source: 'social',
  };
  const created = await api.createLead(long);
  for (const tag of ['dirigeants-suisse-romande-2026', 'programme-entreprise-premium', 'relance', 'vip']) {
    const tagged = await request.post(`/api/crm/leads/${created.id}/tags`, { data: { tag }, headers: { origin: new URL(baseURL!).origin } });
    expect(tagged.status(), await tagged.text()).toBeLessThan(300);
  }
  await signIn(page);

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/leads');
    const region = page.getByRole('region', { name: 'Liste des contacts' });
    await expect(rows(page).first()).toContainText('Marie-Antoinette');
    const box = await region.evaluate((element) => {
      const table = element.querySelector('table')!;
      const bounds = element.getBoundingClientRect();
      const headers = [...table.querySelectorAll('thead th')].map((th) => {
        const rect = th.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return {
          text: th.textContent!.trim(),
          inside: rect.left >= bounds.left - 0.5 && rect.right <= bounds.right + 0.5 && rect.width > 0,
          // Seen, not covered by the sticky Actions column nor cut (its own text fits in it).
          seen: Boolean(hit && th.contains(hit)),
          fits: th.scrollWidth <= th.clientWidth,
        };
      });
      return { clientWidth: element.clientWidth, scrollWidth: element.scrollWidth, tableWidth: table.scrollWidth, headers };
    });
    expect(box.tableWidth, `table at ${viewport.width} px`).toBeLessThanOrEqual(box.clientWidth);
    expect(box.scrollWidth, `box at ${viewport.width} px`).toBeLessThanOrEqual(box.clientWidth);
    expect(box.headers.map((header) => header.text)).toEqual(['', 'ID', 'Nom', 'Email', 'Téléphone', 'Société', 'Source', 'Origine', "Date d'inscription", 'Tags', 'Actions']);
    for (const header of box.headers) expect(header, `${header.text} at ${viewport.width} px`).toMatchObject({ inside: true, seen: true, fits: true });

    // The long values are cut with an ellipsis; the whole text is in the title and in the DOM.
    const row = rows(page).filter({ hasText: 'Marie-Antoinette' });
    for (const text of [long.email, long.company, `${long.firstName} ${long.lastName}`]) {
      const cell = row.locator(`[title="${text}"]`);
      await expect(cell).toHaveText(text);
      expect(await cell.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
      expect(await cell.evaluate((element) => element.scrollWidth > element.clientWidth), `${text} is cut at ${viewport.width} px`).toBe(true);
    }
    await expect(row.locator('[title="Réseaux sociaux"]')).toHaveText('Réseaux sociaux');
    await expect(row.locator('[title="dirigeants-suisse-romande-2026"]')).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
});
