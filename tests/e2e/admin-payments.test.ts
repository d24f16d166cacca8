/**
 * Paramètres → Paiements in the browser (decision 133): an administrator imports a camt.054 made here,
 * reads the counts, sets a payment aside, is told in French when an invoice number does not exist or the
 * file is not a bank statement; the file goes as a form upload (decision 142); the dashboard's
 * "Facturation" card and the revenue table of Analytiques (its chart: tests/e2e/sale-journey.test.ts) show. Axe clean, screenshots at two widths. A viewer's refusal is tested in tests/api/payments-bank-files.test.ts:
 * creating a viewer here would add a user to the worker's shared server, which admin-settings counts.
 */
import { camtXml } from '../support/camt.ts';
import { expect, screenshots, seriousViolations, signIn, test, toast } from './admin-helpers.ts';

test('an administrator imports a bank file and reviews its payments', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await signIn(page);
  await page.goto('/admin/settings/paiements');
  await expect(page.getByRole('heading', { name: 'Importer un relevé' })).toBeVisible();

  const upload = async (name: string, body: string) => {
    await page.getByLabel('Fichier camt (XML)').setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(body) });
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/bank-files'));
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  };

  await upload('releve.xml', 'Date;Montant\n2027-01-15;12.50\n');
  await expect(page.getByRole('alert').filter({ hasText: 'Le fichier n’est pas un XML lisible' })).toBeVisible();

  const xml = camtXml({
    entries: [
      { acctSvcrRef: `E2E-A-${stamp}`, transactions: [{ amountCents: 125_050, reference: null, name: `Anne Sansref ${stamp}` }] },
      { acctSvcrRef: `E2E-B-${stamp}`, transactions: [{ amountCents: 4_200, reference: 'RF18539007547034', name: `Paul Inconnu ${stamp}` }] },
      { acctSvcrRef: `E2E-C-${stamp}`, direction: 'debit', transactions: [{ amountCents: 9_900, name: 'Imprimerie SA' }] },
    ],
  });
  await upload('camt054.xml', xml);
  const result = page.getByRole('status', { name: 'Relevé importé' });
  await expect(result).toContainText('Transactions lues3');
  await expect(result).toContainText('À vérifier2');
  await expect(result).toContainText('Débits ignorés1');

  const review = page.getByRole('region', { name: 'Paiements à vérifier' });
  const anne = review.locator('tbody tr').filter({ hasText: `Anne Sansref ${stamp}` });
  const paul = review.locator('tbody tr').filter({ hasText: `Paul Inconnu ${stamp}` });
  await expect(anne).toContainText('Sans référence');
  await expect(anne).toContainText('1’250.50');
  await expect(paul).toContainText('Référence inconnue');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'paiements');

  // The same file again: nothing new.
  await upload('camt054.xml', xml);
  await expect(result).toContainText('Déjà importées3');

  await paul.getByRole('button', { name: 'Ignorer' }).click();
  await expect(toast(page)).toContainText('Paiement mis de côté');
  await expect(paul).toHaveCount(0);

  await anne.getByLabel(/Numéro de la facture pour le paiement de/).fill('1999-0001');
  await anne.getByRole('button', { name: 'Attribuer' }).click();
  await expect(anne.getByRole('alert')).toHaveText('Cette facture n’existe pas.');
  expect(await seriousViolations(page)).toEqual([]);

  const recent = page.getByRole('region', { name: 'Derniers paiements' });
  await expect(recent.locator('tbody tr').filter({ hasText: `Paul Inconnu ${stamp}` })).toContainText('Ignoré');

  await page.goto('/simple-admin');
  const card = page.getByRole('region', { name: 'Facturation' });
  await expect(card).toContainText('Encaissé ce mois (HT)');
  await expect(card).toContainText('Paiements à vérifier');
  await page.goto('/admin/analytics');
  const revenue = page.getByRole('region', { name: 'Encaissements selon l’origine, tableau' });
  await expect(revenue).toBeVisible();
  await expect(page.getByText('Clients payants')).toBeVisible();
});
