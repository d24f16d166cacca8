/**
 * A contact's "Consultations" (docs/decisions/147-access-log.md): after a fresh sign-in (an export may ask
 * for a recent proof of identity), the administrator exports the contacts list filtered to one contact,
 * opens that contact, and the card lists both: the CSV export and the visit, with the administrator's
 * e-mail and a Swiss date and time.
 */
import { ADMIN, adminApi, expect, seriousViolations, signInAs, test } from '../admin-helpers.ts';

test('the Consultations card lists the administrator’s own visit and a CSV export', async ({ page, request, baseURL }) => {
  const email = `consultee.${Date.now()}@exemple-rare.ch`;
  const api = await adminApi(request, baseURL!);
  const lead = await api.createLead({ firstName: 'Ondine', lastName: 'Journal', email });
  await signInAs(page, ADMIN);

  await page.goto('/admin/leads');
  await page.getByPlaceholder('Rechercher un contact par nom, email...').fill(email);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('region', { name: 'Liste des contacts' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Liste des contacts' }).getByText(email)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporter' }).click();
  expect(await (await download).failure()).toBeNull();

  await page.goto(`/admin/leads/${lead.id}`);
  const card = page.locator('[aria-labelledby="lead-access-log-title"]');
  await expect(card.getByRole('heading', { name: 'Consultations' })).toBeVisible();
  const entries = card.getByRole('list', { name: 'Consultations du contact' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  const when = /\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/;
  await expect(entries.nth(0)).toContainText('Fiche consultée');
  await expect(entries.nth(0)).toContainText(ADMIN.email);
  await expect(entries.nth(0)).toContainText(when);
  await expect(entries.nth(1)).toContainText('Contacts exportés (CSV)');
  await expect(entries.nth(1)).toContainText(ADMIN.email);
  await expect(entries.nth(1)).toContainText(when);
  expect(await seriousViolations(page)).toEqual([]);
});
