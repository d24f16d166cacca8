/**
 * Paramètres → Facturation in the browser: a wrong IBAN and a malformed VAT number refused in French
 * under their fields, then the creditor, a QR-IBAN, the VAT and the plans' prices (typed in francs)
 * saved as the API then answers them; the latest invoices' table. Checked with axe.
 */
import { adminApi, expect, seriousViolations, signIn, test, toast } from './admin-helpers.ts';

test('an administrator sets the billing: creditor, QR-IBAN, VAT and plan prices', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await adminApi(request, baseURL!);
  await signIn(page);
  await page.goto('/admin/settings/facturation');
  await expect(page.getByRole('navigation', { name: 'Sections des paramètres' }).getByRole('link', { name: 'Facturation' })).toHaveAttribute('aria-current', 'page');

  const form = page.getByRole('region', { name: 'Facturation' });
  await form.getByLabel('Nom').fill('Clairval Inner Circle Sàrl');
  await form.getByLabel('Rue').fill('Rue du Marché');
  await form.getByLabel('Numéro', { exact: true }).fill('12');
  await form.getByLabel('NPA').fill('1204');
  await form.getByLabel('Localité').fill('Genève');
  await form.getByLabel('IBAN ou QR-IBAN').fill('CH44 3199 9123 0008 8901 3');
  await form.getByLabel('Numéro de TVA').fill('CHE123456789');
  await form.getByRole('button', { name: 'Enregistrer la facturation' }).click();
  await expect(form.getByText('L’IBAN doit être un IBAN suisse ou liechtensteinois valide (CH ou LI, 21 caractères, chiffres de contrôle corrects).')).toBeVisible();
  await expect(form.getByText('Le numéro de TVA doit avoir la forme CHE-123.456.789 TVA.')).toBeVisible();
  await expect(form.getByLabel('IBAN ou QR-IBAN')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('IBAN ou QR-IBAN').fill('CH44 3199 9123 0008 8901 2');
  await form.getByLabel('Numéro de TVA').fill('CHE-123.456.789 TVA');
  await form.getByLabel('Prix du forfait Individuel (CHF)').fill('4500');
  await form.getByLabel('Prix du forfait Entreprise (CHF)').fill('12000.50');
  await form.getByRole('button', { name: 'Enregistrer la facturation' }).click();
  await expect(toast(page)).toContainText('Facturation enregistrée');
  await expect(form.getByText('QR-IBAN : les factures portent une référence QR.')).toBeVisible();

  const saved = await (await request.get('/api/admin/billing-settings')).json();
  expect(saved).toMatchObject({
    creditor: { name: 'Clairval Inner Circle Sàrl', street: 'Rue du Marché', buildingNumber: '12', postalCode: '1204', town: 'Genève', country: 'CH' },
    iban: 'CH4431999123000889012',
    qrIban: true,
    vatNumber: 'CHE-123.456.789 TVA',
    vatRatePercent: 8.1,
    paymentTermDays: 30,
  });
  expect(saved.plans.map((plan: { priceCents: number }) => plan.priceCents)).toEqual([450_000, 1_200_050]);

  await expect(page.getByRole('region', { name: 'Dernières factures' }).getByRole('region', { name: 'Liste des factures' }).getByRole('table')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
