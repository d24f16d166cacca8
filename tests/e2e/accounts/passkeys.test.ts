/**
 * Passkeys in the browser (docs/decisions/149-second-factor-screens.md), through Chromium's virtual
 * authenticator: registered from Paramètres → Sécurité, then the whole sign-in (« Se connecter avec une clé
 * d'accès ») and the second step after the password. A passkey's relying party is a domain name, never an
 * IP address: the journey uses the server as http://localhost (the same server, the same database).
 */
import type { Page } from '@playwright/test';
import { expect, screenshots, seriousViolations, test, toast } from '../admin-helpers.ts';
import { ensureEnrolled, forgetSecret, passSecondStep } from '../second-factor.ts';
import { createMember, expectDashboard, signOut, typePassword } from './support.ts';

test.use({ storageState: { cookies: [], origins: [] } });

const NINA = { email: 'nina.rey@innercircle.test', password: 'phare-ambre-du-leman-41', firstName: 'Nina', lastName: 'Rey' };

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

test('a passkey registered from the settings signs in on its own, and as the second step', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  await createMember(request, baseURL!, NINA);
  const site = baseURL!.replace('127.0.0.1', 'localhost');
  await ensureEnrolled(site, NINA);
  await addVirtualAuthenticator(page);

  await typePassword(page, NINA, site);
  await passSecondStep(page, NINA.email);
  await expectDashboard(page);

  await page.goto(`${site}/admin/settings/securite`);
  const factors = page.getByRole('region', { name: 'Vos seconds facteurs' });
  await expect(factors.getByRole('row').filter({ hasText: "Application d'authentification" })).toHaveCount(1);
  await expect(page.getByText('Codes de secours : 10 restants')).toBeVisible();
  await page.getByRole('button', { name: "Ajouter une clé d'accès" }).click();
  const dialog = page.getByRole('dialog', { name: "Ajouter une clé d'accès" });
  await expect(dialog.getByLabel('Nom de la clé')).toHaveValue("Clé d'accès");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Nom de la clé').fill('Ordinateur de test');
  await dialog.getByRole('button', { name: "Enregistrer la clé d'accès" }).click();
  await expect(toast(page)).toContainText('Second facteur ajouté');
  await expect(dialog).toBeHidden();
  const passkey = factors.getByRole('row').filter({ hasText: 'Ordinateur de test' });
  await expect(passkey).toContainText("Clé d'accès");

  // The app is removed after a confirmation: the passkey is left (and the recovery codes).
  await factors
    .getByRole('row')
    .filter({ hasText: "Application d'authentification" })
    .getByRole('button', { name: /Supprimer/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Supprimer ce facteur ?' })).toContainText('ne permettra plus de vous connecter');
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page)).toContainText('Facteur supprimé');
  forgetSecret(site, NINA.email);
  await expect(factors.getByRole('row').filter({ hasText: "Application d'authentification" })).toHaveCount(0);
  await expect(passkey).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'security');

  // The whole sign-in with the passkey the device holds for this site.
  await signOut(page);
  await page.goto(`${site}/login`);
  await page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
  await expectDashboard(page);

  // After the password: the passkey as the second step (no app any more: a recovery code is the other way).
  await signOut(page);
  await typePassword(page, NINA, site);
  await expect(page.getByRole('heading', { level: 1, name: 'Vérification en deux étapes' })).toBeVisible();
  await expect(page.getByLabel('Code de secours')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Utiliser un code de secours' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: "Utiliser une clé d'accès" }).click();
  await expectDashboard(page);
});
