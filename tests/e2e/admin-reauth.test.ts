/**
 * Re-authentication in the back office (docs/decisions/145-re-authentication.md), against `npm start` on
 * a PostgreSQL database of its own: the administrator's proof is moved 6 minutes into the past in the
 * session row (no screen ages a session), then "Exporter" on the contacts list opens « Confirmez votre
 * identité »; a wrong password is refused under the field, the right one lets the same export through
 * and the file downloads under the server's name. "Annuler" leaves the export refused, with the API's message.
 */
import pg from 'pg';
import { readFile } from 'node:fs/promises';
import { expect } from './fixtures.ts';
import { adminApi, ADMIN, confirmIdentityIfAsked, seriousViolations, signIn, signInAs, toast } from './admin-helpers.ts';
import { newTotpSecret, totpCode } from '../../api/features/accounts/factors/totp.ts';
import { testOnPostgres } from './postgres-server.ts';

// A second factor is not required on this server: its administrator has none, so the dialog asks for the
// password (the accounts that have one answer with their code, below and in every other journey).
const test = testOnPostgres('e2e_reauth', { MFA_REQUIRED: 'false' });

async function sql(databaseUrl: string, text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Every session of the account proved its factor 6 minutes ago: one minute past the window. */
async function makeProofStale(databaseUrl: string, email = ADMIN.email): Promise<void> {
  await sql(
    databaseUrl,
    `update sessions set sess = jsonb_set(sess::jsonb, '{factorVerifiedAt}', to_jsonb($1::bigint))::json
      where user_id = (select id from users where email = $2)`,
    [Date.now() - 6 * 60_000, email],
  );
}

test('an export after the proof went stale asks for the password, then downloads', async ({ page, request, baseURL, databaseUrl }) => {
  const api = await adminApi(request, baseURL!);
  await api.createLead({ firstName: 'Léa', lastName: 'Preuve', email: 'lea.preuve@example.ch' });
  await signIn(page);
  await page.goto('/admin/leads');
  await expect(page.getByRole('row').filter({ hasText: 'lea.preuve@example.ch' })).toBeVisible();

  await makeProofStale(databaseUrl);
  const exportLink = page.getByRole('link', { name: 'Exporter' });
  const downloading = page.waitForEvent('download');
  await exportLink.click();
  const dialog = page.getByRole('dialog', { name: 'Confirmez votre identité' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Cette action demande une confirmation récente.');
  // No factor on this account: its password is the proof, and the field has the focus.
  const password = dialog.getByLabel('Mot de passe');
  await expect(password).toBeFocused();
  await expect(dialog.getByRole('button', { name: "Utiliser une clé d'accès" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog.getByText('Saisissez votre mot de passe.')).toBeVisible();
  await password.fill('pas-le-bon-mot-de-passe');
  await password.press('Enter');
  await expect(dialog.getByText('Le mot de passe est incorrect.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await password.fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog).toBeHidden();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFFPrénom;Nom;Email;')).toBe(true);
  expect(text).toContain('lea.preuve@example.ch');
  // The focus is back where it was.
  await expect(exportLink).toBeFocused();

  // "Annuler": nothing downloads, the API's message is shown.
  await makeProofStale(databaseUrl);
  await exportLink.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('Confirmez votre identité pour continuer.');

  // A fresh proof again lets the next export through without asking.
  await makeProofStale(databaseUrl);
  const again = page.waitForEvent('download');
  await exportLink.click();
  // The helper the other journeys use, both ways: asked here, not asked just after.
  await confirmIdentityIfAsked(page, again);
  await again;
  const next = page.waitForEvent('download');
  await exportLink.click();
  await confirmIdentityIfAsked(page, next);
  await next;
  await expect(dialog).toHaveCount(0);

  // Deleting a selection: the dialog opens above "Confirmer la suppression", which waits under it.
  await makeProofStale(databaseUrl);
  await page.getByLabel('Sélectionner Léa Preuve').check();
  await page.getByRole('region', { name: 'Actions groupées' }).getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await confirm.getByRole('button', { name: 'Supprimer 1 contact' }).click();
  await expect(dialog.getByLabel('Mot de passe')).toBeFocused();
  await dialog.getByLabel('Mot de passe').fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(toast(page)).toContainText('Contacts supprimés');
  await expect(page.getByRole('row').filter({ hasText: 'lea.preuve@example.ch' })).toHaveCount(0);
});

test('an account with an authenticator app confirms with a 6-digit code', async ({ page, request, baseURL, databaseUrl }) => {
  const account = { email: 'lina.totp@example.ch', password: 'horloge-de-sable-du-valais-9' };
  const api = await adminApi(request, baseURL!);
  await api.createLead({ firstName: 'Léo', lastName: 'Code', email: 'leo.code@example.ch' });
  const created = await request.post('/api/admin/users', {
    data: { ...account, firstName: 'Lina', lastName: 'Totp', role: 'admin' },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signInAs(page, account);
  // The factor as if enrolled from its QR code (the enrolment screens have their own journeys).
  const secret = newTotpSecret();
  await sql(databaseUrl, `insert into user_factors (user_id, type, name, totp_secret, confirmed_at) select id, 'totp', 'Téléphone', $1, now() from users where email = $2`, [secret, account.email]);

  await page.goto('/admin/leads');
  // The list's own requests finished first: a request in flight would write its session back over the aged proof.
  await expect(page.getByRole('row').filter({ hasText: 'leo.code@example.ch' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await makeProofStale(databaseUrl, account.email);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmez votre identité' });
  const field = dialog.getByLabel('Code à 6 chiffres ou code de secours');
  await expect(field).toBeFocused();
  await field.fill('pas un code');
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog.getByText('Code incorrect ou déjà utilisé.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await field.fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog).toBeHidden();
  expect(await readFile((await (await downloading).path())!, 'utf8')).toContain('leo.code@example.ch');
});
