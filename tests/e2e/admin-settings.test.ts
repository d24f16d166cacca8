/**
 * The settings screen in the browser (docs/decisions/065-roles-enforced-centrally.md): Paramètres (Profil, Sessions, Utilisateurs, Rendez-vous, Journal, Système) for an
 * administrator, and the same back office read-only for a viewer (« Lecture seule »).
 */
import type { Page } from '@playwright/test';
import { adminApi, confirmIdentityIfAsked, createViewer, expect, screenshots, seriousViolations, signIn, signInAs, test, toast } from './admin-helpers.ts';

const VIEWER = { email: 'noe.berset@innercircle.test', password: 'lanterne-violette-du-jura-7', firstName: 'Noé', lastName: 'Berset' };

async function settingsTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Sections des paramètres' }).getByRole('link', { name }).click();
  await expect(page.getByRole('navigation', { name: 'Sections des paramètres' }).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
}

test('an administrator edits the profile, sees the sessions, manages users, reads the journal and the facts', async ({ page, request, baseURL }) => {
  // Five tabs, each checked with axe and photographed at two sizes: longer than one screen's journey.
  test.setTimeout(240_000);
  await adminApi(request, baseURL!);
  await signIn(page);

  // The account menu's "Paramètres" opens the screen on Profil.
  await page.getByRole('button', { name: /Ouvrir le menu du compte/ }).click();
  await page.getByRole('menuitem', { name: 'Paramètres' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections des paramètres' }).getByRole('link')).toHaveText([
    'Profil',
    'Sessions',
    'Sécurité',
    'Utilisateurs',
    'Rendez-vous',
    'Facturation',
    'Paiements',
    'Journal',
    'Système',
  ]);

  await page.getByLabel('Bio').fill('Responsable du programme Inner Circle.');
  await page.getByLabel('Image de profil (URL)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
  await expect(page.getByText("L'adresse de l'image doit être une adresse complète")).toBeVisible();
  await page.getByLabel('Image de profil (URL)').fill('');
  await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
  await expect(toast(page)).toContainText('Profil enregistré');

  // The strength feedback of the login screen, as the person types.
  await page.getByLabel(/^Nouveau mot de passe/).fill('innercircle2026');
  await expect(page.getByText(/Robustesse : (Très faible|Faible|Moyen)/)).toBeVisible();
  await page.getByLabel(/^Nouveau mot de passe/).fill('lanterne-violette-du-jura-7');
  await expect(page.getByText(/ce mot de passe convient/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'settings-profile');

  await settingsTab(page, 'Sessions');
  const sessions = page.getByRole('region', { name: 'Sessions actives' });
  await expect(sessions.getByRole('row').filter({ hasText: 'Cette session' })).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: /Déconnecter la session .* \(celle-ci\)/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await settingsTab(page, 'Utilisateurs');
  await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
  await dialog.getByLabel('Prénom').fill('Noé');
  await dialog.getByLabel(/^Nom/).fill('Berset');
  await dialog.getByLabel('Email').fill(VIEWER.email);
  await dialog.getByLabel('Mot de passe').fill(VIEWER.password);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: "Créer l'utilisateur" }).click();
  await confirmIdentityIfAsked(page, toast(page).getByText('Utilisateur créé'));
  await expect(toast(page)).toContainText('Utilisateur créé');
  const users = page.getByRole('region', { name: 'Utilisateurs' });
  const noe = users.getByRole('row').filter({ hasText: VIEWER.email });
  await expect(noe).toContainText('Lecture seule');
  await expect(noe).toContainText('Actif');

  // The last administrator cannot step down: the server says why.
  await users
    .getByRole('row')
    .filter({ hasText: '(vous)' })
    .getByRole('button', { name: /Passer en lecture seule/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await confirmIdentityIfAsked(page, toast(page).getByText(/Il doit rester au moins un administrateur actif/));
  await expect(toast(page)).toContainText('Il doit rester au moins un administrateur actif');

  await noe.getByRole('button', { name: /Désactiver/ }).click();
  await expect(page.getByRole('dialog')).toContainText('ses sessions ouvertes seront fermées immédiatement');
  await page.getByRole('dialog').getByRole('button', { name: 'Désactiver' }).click();
  await confirmIdentityIfAsked(page, noe.getByText('Désactivé'));
  await expect(noe).toContainText('Désactivé');
  await noe.getByRole('button', { name: /Réactiver/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(noe).toContainText('Actif');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'settings-users');

  await settingsTab(page, 'Journal');
  await page.getByRole('button', { name: /Type d'événement/ }).click();
  await page.getByRole('option', { name: 'Utilisateur créé' }).click();
  const journal = page.getByRole('region', { name: 'Événements du journal' });
  await expect(journal.getByRole('row').filter({ hasText: 'Utilisateur créé' })).toHaveCount(1);
  await expect(journal.getByRole('row').filter({ hasText: 'Connexion réussie' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await settingsTab(page, 'Système');
  await expect(page.getByText('Non configuré')).toBeVisible();
  await expect(page.getByText(/<.+@.+>/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'settings-system');

  // The account menu's "Profil" opens the Profil tab.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: /Ouvrir le menu du compte/ }).click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByLabel('Bio')).toHaveValue('Responsable du programme Inner Circle.');
});

test('a viewer sees every screen but no button that changes anything, and edits only their own profile', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const lead = await api.createLead({ firstName: 'Léa', lastName: 'Lecture', email: 'lea.lecture@example.ch' });
  await createViewer(request, baseURL!, VIEWER);
  await signInAs(page, VIEWER);

  await page.goto('/admin/leads');
  await expect(page.getByRole('row').filter({ hasText: 'lea.lecture@example.ch' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouveau contact' })).toHaveCount(0);
  await page.getByRole('button', { name: /Actions pour Léa Lecture/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Voir' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Modifier' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Supprimer' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto(`/admin/leads/${lead.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Léa Lecture' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Modifier' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nouvelle activité' })).toHaveCount(0);
  await expect(page.getByLabel('Nouveau tag')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/admin/webinars');
  await expect(page.getByRole('heading', { level: 1, name: 'Webinaires' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nouveau webinaire' })).toHaveCount(0);

  // Even typed by hand, a change is refused by the server, in French.
  const refused = await page.evaluate(async () => {
    const response = await fetch('/api/admin/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"firstName":"X","email":"x@example.ch"}' });
    return { status: response.status, body: await response.json() };
  });
  expect(refused).toEqual({ status: 403, body: { message: 'Votre rôle « Lecture seule » permet de consulter, pas de modifier.' } });

  await page.goto('/admin/settings');
  await expect(page.getByRole('navigation', { name: 'Sections des paramètres' }).getByRole('link')).toHaveText([
    'Profil',
    'Sessions',
    'Sécurité',
    'Rendez-vous',
    'Facturation',
    'Paiements',
    'Journal',
    'Système',
  ]);
  await page.getByLabel('Bio').fill('Bénévole, en lecture seule.');
  await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
  await expect(toast(page)).toContainText('Profil enregistré');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'settings-viewer');
});
