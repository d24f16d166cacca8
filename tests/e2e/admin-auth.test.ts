/**
 * Access to the back office: first administrator created from the login
 * screen, login and logout, the redirects for signed-out visitors, and the login page's a11y.
 */
import { ADMIN, ensureAdmin, expect, recordToasts, seriousViolations, test, toast } from './admin-helpers.ts';
import { ensureEnrolled, freshTotpCode, passSecondStep, rememberSecret } from './second-factor.ts';

// These journeys begin signed out: not the worker's administrator session (decision 100).
test.use({ storageState: { cookies: [], origins: [] } });

test('the first administrator is created from the login screen, then signs out and back in', { tag: '@empty-database' }, async ({ page, server }) => {
  const toasts = await recordToasts(page);
  await page.goto('/login');
  await expect(page.getByText('Accès administrateur')).toBeVisible();
  // Production, no account yet: the one-time code from the server's log is asked (decision 021).
  await expect(page.getByLabel("Code d'installation")).toBeVisible();

  // Both fields are required, for creating the account as for signing in.
  await page.getByRole('button', { name: 'Créer un compte administrateur' }).click();
  await expect(toast(page)).toContainText('Veuillez remplir tous les champs');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Nom d'utilisateur").fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill('court');
  await page.getByRole('button', { name: 'Créer un compte administrateur' }).click();
  await expect(toast(page)).toContainText('Le mot de passe doit comporter au moins 12 caractères');

  // A guessable password: the strength message says why and what to do, under the field and in the toast.
  await page.getByLabel('Mot de passe').fill('aaaaaaaaaaaa');
  await page.getByRole('button', { name: 'Créer un compte administrateur' }).click();
  await expect(toast(page)).toContainText('Ce mot de passe est trop facile à deviner');
  await expect(page.getByLabel('Mot de passe')).toHaveAccessibleDescription(/^Ce mot de passe est trop facile à deviner .*quatre ou cinq mots/);

  // Without the code, or with a wrong one, the server refuses with its French message.
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Créer un compte administrateur' }).click();
  await expect(toast(page)).toContainText("Le code d'installation est requis.");
  await page.getByLabel("Code d'installation").fill('pas-le-bon-code-pas-le-bon-code');
  await page.getByRole('button', { name: 'Créer un compte administrateur' }).click();
  await expect(toast(page)).toContainText("Code d'installation incorrect.");
  await expect(page).toHaveURL(/\/login$/);

  const code = server.setupCode();
  expect(code).toMatch(/^[A-Za-z0-9_-]{24,}$/);
  await page.getByLabel("Code d'installation").fill(code!);
  await page.getByRole('button', { name: 'Créer un compte administrateur' }).click();
  // Production requires a second factor: the first administrator adds one before anything else
  // (docs/decisions/149-second-factor-screens.md), here by typing the key by hand.
  await expect(page).toHaveURL(/\/admin\/second-facteur$/);
  expect(toasts.some((text) => text.startsWith('Compte créé'))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Ajoutez un second facteur' })).toBeVisible();
  await page.getByRole('button', { name: /^Application d'authentification/ }).click();
  const key = await page.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent();
  const secret = key!.replace(/\s+/g, '');
  rememberSecret(server.url, ADMIN.email, secret);
  await page.getByLabel('Code à 6 chiffres').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await page.getByLabel("J'ai mis ces codes en lieu sûr").check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/simple-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  // The sidebar footer shows the full name and the email.
  const account = page.getByRole('button', { name: /Admin Utilisateur/ });
  await expect(account).toContainText(ADMIN.email);

  // Already signed in: the login page sends to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/simple-admin$/);

  // A second first-admin is refused with the API's message.
  const again = await page.request.post('/api/simple-auth/setup-admin', {
    data: { email: 'autre@innercircle.test', password: 'encore-un-mot-de-passe', firstName: 'Admin', lastName: 'Utilisateur' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(409);

  // Logout from the account menu.
  await page.getByRole('button', { name: /Admin Utilisateur/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Paramètres' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/simple-auth/user')).status()).toBe(401);
  // An administrator exists: no more first-admin button, no code field.
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Créer un compte administrateur' })).toHaveCount(0);
  await expect(page.getByLabel("Code d'installation")).toHaveCount(0);

  // Wrong password: the API's message in the "Erreur de connexion" toast.
  await page.getByLabel("Nom d'utilisateur").fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(toast(page)).toContainText('Erreur de connexion');
  await expect(toast(page)).toContainText('Identifiants invalides.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await passSecondStep(page, ADMIN.email);
  await expect(page).toHaveURL(/\/simple-admin$/);
  expect(toasts.some((text) => text.startsWith('Connexion réussie'))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
});

test('signed-out visitors are sent to sign in, and come back where they were going', async ({ page, request, baseURL }) => {
  await ensureAdmin(request, baseURL!);
  await ensureEnrolled(baseURL!, ADMIN);

  await page.goto('/admin/leads?page=2');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fleads%3Fpage%3D2$/);
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();

  await page.goto('/simple-admin');
  await expect(page).toHaveURL(/\/login$/);

  // The tabbed page renders without sign-in, but its data calls answer 401 and lead to /login.
  const refused = page.waitForResponse((response) => response.url().includes('/api/admin-dev/') && response.status() === 401);
  await page.goto('/admin-dev');
  await refused;
  await expect(page).toHaveURL(/\/login$/);

  // After signing in from a redirect, the visitor lands on the page they asked for.
  await page.goto('/admin/webinars');
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel("Nom d'utilisateur").fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await passSecondStep(page, ADMIN.email);
  await expect(page).toHaveURL(/\/admin\/webinars$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Webinaires' })).toBeVisible();
});

test('the login page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  // With the missing-fields message shown too.
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(toast(page)).toContainText('Veuillez remplir tous les champs');
  expect(await seriousViolations(page)).toEqual([]);
});
