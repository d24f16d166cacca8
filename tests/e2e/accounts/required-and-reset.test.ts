/**
 * A second factor required, and an administrator's reset (docs/decisions/149-second-factor-screens.md).
 * The e2e servers run in production, where MFA_REQUIRED is on by default: an account with only a password
 * is taken to enrolment and reaches nothing else; a reset sends its person back there.
 */
import { expect, seriousViolations, screenshots, signIn, test, toast } from '../admin-helpers.ts';
import { ensureEnrolled, forgetSecret } from '../second-factor.ts';
import { createMember, typePassword } from './support.ts';

test.use({ storageState: { cookies: [], origins: [] } });

const PAULINE = { email: 'pauline.girard@innercircle.test', password: 'riviere-grise-du-doubs-56', firstName: 'Pauline', lastName: 'Girard' };
const OSCAR = { email: 'oscar.meier@innercircle.test', password: 'colline-rouge-du-jorat-29', firstName: 'Oscar', lastName: 'Meier' };

test('a password-only account is taken to enrolment and cannot reach the contacts', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  await createMember(request, baseURL!, PAULINE);

  await typePassword(page, PAULINE);
  await expect(page).toHaveURL(/\/admin\/second-facteur\?next=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ajoutez un second facteur' })).toBeVisible();

  // Any other screen shows the enrolment, without the sidebar; the API refuses the data itself.
  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Ajoutez un second facteur' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);
  const refused = await page.request.get('/api/admin/leads');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: 'Ajoutez un second facteur pour continuer.', enrolmentRequired: true });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'enrolment-required');

  await page.getByRole('button', { name: "Clé d'accès" }).click();
  await expect(page.getByLabel('Nom de la clé')).toHaveValue("Clé d'accès");
  await page.getByRole('button', { name: 'Choisir un autre moyen' }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login(\?next=.*)?$/);
  expect((await page.request.get('/api/simple-auth/user')).status()).toBe(401);
});

test("an administrator resets another user's second factor from the Users tab", { tag: '@empty-database' }, async ({ page, request, baseURL, playwright }) => {
  const oscar = await createMember(request, baseURL!, OSCAR);
  await ensureEnrolled(baseURL!, OSCAR);
  // Through the login screen: the reset asks for a proof of a factor of the last minutes.
  await signIn(page);

  await page.goto('/admin/settings/utilisateurs');
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: '(vous)' }).getByRole('button', { name: /Réinitialiser le second facteur/ })).toHaveCount(0);
  await rows
    .filter({ hasText: OSCAR.email })
    .getByRole('button', { name: /Réinitialiser le second facteur/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Réinitialiser le second facteur ?' });
  await expect(dialog).toContainText('Oscar Meier');
  await expect(dialog).toContainText('À sa prochaine connexion');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(toast(page)).toContainText('Les facteurs ont été réinitialisés. La personne en ajoutera un à sa prochaine connexion.');
  forgetSecret(baseURL!, OSCAR.email);

  // Oscar's next sign-in goes to enrolment.
  const own = await playwright.request.newContext({ baseURL });
  try {
    const login = await own.post('/api/simple-auth/login', { data: { email: OSCAR.email, password: OSCAR.password }, headers: { origin: new URL(baseURL!).origin } });
    expect(login.status()).toBe(200);
    expect(await login.json()).toMatchObject({ id: oscar.id, enrolmentRequired: true });
  } finally {
    await own.dispose();
  }
});
