/**
 * Shared by the second factor's journeys (docs/decisions/149-second-factor-screens.md): a team member the
 * administrator creates, the login screen's two steps, signing out from the account menu, and reading the
 * enrolment's QR code as an authenticator app does (zbarimg). The journeys run on a server each
 * (`@empty-database`): the accounts they create would show in the journal and the user list that other
 * journeys of a shared server count.
 */
import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, expect, test } from '../admin-helpers.ts';

export interface Member {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A team member created by the administrator (201), with a password and no second factor; a viewer, so
 * that the worker's administrator stays the only one (tests/e2e/admin-settings.test.ts counts on it).
 */
export async function createMember(request: APIRequestContext, baseURL: string, member: Member): Promise<{ id: number }> {
  await adminApi(request, baseURL);
  const response = await request.post('/api/admin/users', { data: { ...member, role: 'viewer' }, headers: { origin: new URL(baseURL).origin } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** The login screen's first step, from `site` (an origin; the page's own by default). */
export async function typePassword(page: Page, account: { email: string; password: string }, site = ''): Promise<void> {
  await page.goto(`${site}/login`);
  await page.getByLabel("Nom d'utilisateur").fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Ouvrir le menu du compte/ }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  // Back to the login screen, which may offer to come back to this page.
  await expect(page).toHaveURL(/\/login(\?next=.*)?$/);
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();
}

export async function expectDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/simple-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
}

/** The `otpauth://` URI of the QR code shown, read from a picture of it as a phone's camera would. */
export async function readQrCode(page: Page, name: string): Promise<string> {
  const file = test.info().outputPath(`${name}.png`);
  await page.getByRole('img', { name: "Code QR à scanner avec votre application d'authentification" }).screenshot({ path: file });
  return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
}
