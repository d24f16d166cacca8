/**
 * The authenticator app in the browser (docs/decisions/149-second-factor-screens.md): enrolled from the QR
 * code at the first sign-in, then the password and a code at the next; a recovery code instead, once.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, screenshots, seriousViolations, test } from '../admin-helpers.ts';
import { enrolTotp, freshTotpCode, rememberSecret } from '../second-factor.ts';
import { createMember, expectDashboard, readQrCode, signOut, typePassword } from './support.ts';

// These people sign in themselves: not the worker's administrator session.
test.use({ storageState: { cookies: [], origins: [] } });

const LINA = { email: 'lina.perret@innercircle.test', password: 'boussole-orange-des-alpes-3', firstName: 'Lina', lastName: 'Perret' };
const MARC = { email: 'marc.dubois@innercircle.test', password: 'sentier-bleu-du-chasseral-8', firstName: 'Marc', lastName: 'Dubois' };

test('an account enrols an app from the QR code, sees its recovery codes, then signs in with its password and a code', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  await createMember(request, baseURL!, LINA);

  await typePassword(page, LINA);
  // A second factor is required (production): the account goes to enrolment and can do nothing else.
  await expect(page).toHaveURL(/\/admin\/second-facteur\?next=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ajoutez un second facteur' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'enrolment-choice');

  await page.getByRole('button', { name: /^Application d'authentification/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Ajouter une application d'authentification" })).toBeVisible();
  const uri = new URL(await readQrCode(page, 'enrolment-qr'));
  expect(uri.protocol).toBe('otpauth:');
  expect(uri.host).toBe('totp');
  const secret = uri.searchParams.get('secret')!;
  // The key under the picture is the same, in groups of four for typing by hand.
  await expect(page.getByText(secret.match(/.{1,4}/g)!.join(' '), { exact: true })).toBeVisible();
  rememberSecret(baseURL!, LINA.email, secret);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'enrolment-app');

  // A wrong code is refused with the API's message; the right one confirms the app.
  const code = await freshTotpCode(secret);
  await page.getByLabel('Code à 6 chiffres').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Code incorrect ou déjà utilisé.')).toBeVisible();
  await page.getByLabel('Code à 6 chiffres').fill(code);
  await page.getByRole('button', { name: 'Confirmer' }).click();

  const codes = page.getByRole('list', { name: 'Vos codes de secours' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[A-Z2-7]{5}(-[A-Z2-7]{5}){4}$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger (.txt)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.txt$/);
  // « Continuer » waits for the person to say the codes are kept somewhere safe.
  await expect(page.getByRole('button', { name: 'Continuer' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'enrolment-codes');
  await page.getByLabel("J'ai mis ces codes en lieu sûr").check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expectDashboard(page);

  await signOut(page);
  await typePassword(page, LINA);
  await expect(page.getByRole('heading', { level: 1, name: 'Vérification en deux étapes' })).toBeVisible();
  await expect(page.getByLabel("Code de l'application d'authentification")).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByLabel("Code de l'application d'authentification")).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'second-step');
  await page.getByLabel("Code de l'application d'authentification").fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expectDashboard(page);
});

test('a recovery code signs in once, and is refused the second time', { tag: '@empty-database' }, async ({ page, request, baseURL, playwright }) => {
  await createMember(request, baseURL!, MARC);
  const own = await playwright.request.newContext({ baseURL });
  let recoveryCodes: string[];
  try {
    await passwordOnly(own, baseURL!);
    ({ recoveryCodes } = await enrolTotp(own, baseURL!, MARC.email));
  } finally {
    await own.dispose();
  }

  await typePassword(page, MARC);
  await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
  await expect(page.getByLabel('Code de secours')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  // Typed in lower case, as a person may: the server compares without case or dashes.
  await page.getByLabel('Code de secours').fill(recoveryCodes[3]!.toLowerCase());
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expectDashboard(page);
  await page.goto('/admin/settings/securite');
  await expect(page.getByText('Codes de secours : 9 restants')).toBeVisible();

  await signOut(page);
  await typePassword(page, MARC);
  await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
  await page.getByLabel('Code de secours').fill(recoveryCodes[3]!);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Code incorrect ou déjà utilisé.' })).toBeVisible();
  await expect(page.getByLabel('Code de secours')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  expect(await seriousViolations(page)).toEqual([]);
});

/** Marc's password on a client of his own: a session that may only enrol. */
async function passwordOnly(request: APIRequestContext, baseURL: string) {
  const login = await request.post('/api/simple-auth/login', { data: { email: MARC.email, password: MARC.password }, headers: { origin: new URL(baseURL).origin } });
  expect(await login.json()).toMatchObject({ enrolmentRequired: true });
}
