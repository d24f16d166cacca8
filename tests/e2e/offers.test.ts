/**
 * Offers in the browser (decisions 130, 131): an administrator makes an offer from the contact's
 * page ("Faire une offre", a plan prefilling the line) and sends it; the person opens the link of the
 * e-mail with JavaScript off, reads the offer (lines, VAT, total, the supplier's VAT number), types the
 * billing address and presses "J'accepte l'offre": the page comes back saying the offer is accepted, and
 * the contact's page shows it "Acceptée". Both pages axe-clean.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { adminApi, seriousViolations, signIn, test, toast } from './admin-helpers.ts';

const SETTINGS = {
  creditor: { name: 'Clairval Inner Circle Sàrl', street: 'Rue du Marché', buildingNumber: '12', postalCode: '1204', town: 'Genève', country: 'CH' },
  iban: 'CH4431999123000889012',
  vatNumber: 'CHE-123.456.789 TVA',
  vatRatePercent: 8.1,
  paymentTermDays: 30,
  plans: [
    { id: 'individuel', label: 'Individuel', priceCents: 450_000 },
    { id: 'entreprise', label: 'Entreprise', priceCents: 1_200_000 },
  ],
};

/** The link of the offer e-mail sent to `email`, once the outbox has written it. */
async function offerLink(request: APIRequestContext, leadId: number): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/admin/emails?leadId=${leadId}&kind=offer_sent`);
        const email = (await list.json()).emails[0] as { id: number } | undefined;
        if (!email) return undefined;
        const detail = await (await request.get(`/api/admin/emails/${email.id}`)).json();
        link = /\/offre\/[0-9]+\.[A-Za-z0-9_-]{32}/.exec(detail.text ?? '')?.[0];
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return link!;
}

test('an offer made from the contact page, accepted by the person on its page without JavaScript', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request, baseURL!);
  const origin = { origin: new URL(baseURL!).origin };
  const settings = await request.put('/api/admin/billing-settings', { data: SETTINGS, headers: origin });
  expect(settings.status(), await settings.text()).toBe(200);
  const email = `offre.${Date.now()}@example.ch`;
  const lead = await api.createLead({ firstName: 'Léa', lastName: 'Offre', email });

  // The administrator makes the offer from the contact's page.
  await signIn(page);
  await page.goto(`/admin/leads/${lead.id}`);
  const section = page.getByRole('region', { name: 'Offres et factures' });
  await expect(section).toContainText('Aucune offre pour ce contact.');
  await section.getByRole('button', { name: 'Faire une offre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Faire une offre à Léa Offre' });
  await dialog.getByLabel('Forfait').selectOption('individuel');
  await expect(dialog.getByRole('textbox', { name: 'Libellé (ligne 1)' })).toHaveValue('Individuel');
  await expect(dialog.getByRole('textbox', { name: 'Prix unitaire (CHF)' })).toHaveValue('4’500.00');
  // Saving without a start date names the field.
  await dialog.getByRole('button', { name: 'Enregistrer l’offre' }).click();
  await expect(dialog).toContainText('La date de début est obligatoire.');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Début du programme').fill('2027-04-01');
  await dialog.getByLabel('Message personnel').fill('Comme convenu lors de notre appel.');
  await dialog.getByRole('button', { name: 'Enregistrer l’offre' }).click();
  await expect(toast(page)).toContainText('Offre enregistrée');
  await expect(section).toContainText('CHF 4’864.50 TTC');
  await expect(section).toContainText('Brouillon');

  await section.getByRole('button', { name: /^Envoyer/ }).click();
  await page.getByRole('dialog', { name: 'Envoyer l’offre' }).getByRole('button', { name: 'Envoyer l’offre' }).click();
  await expect(toast(page)).toContainText('Offre envoyée');
  await expect(section).toContainText('Envoyée');
  expect(await seriousViolations(page)).toEqual([]);

  // The person opens the e-mail's link with JavaScript off.
  const link = await offerLink(request, lead.id);
  const person = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-CH', timezoneId: 'Europe/Zurich' });
  const offerPage = await person.newPage();
  await offerPage.goto(link);
  await expect(offerPage.getByRole('heading', { level: 1 })).toHaveText('Votre offre');
  const table = offerPage.getByRole('table', { name: /Prestations de l.offre/ });
  await expect(table).toContainText('Individuel');
  await expect(table).toContainText('TVA 8.1 %');
  await expect(table).toContainText('364.50');
  await expect(table).toContainText('4’864.50');
  await expect(offerPage.getByText('CHE-123.456.789 TVA')).toBeVisible();
  await expect(offerPage.getByText('Comme convenu lors de notre appel.')).toBeVisible();
  await expect(offerPage.getByLabel('Pays')).toHaveValue('CH');
  // axe runs as a script: the same page is scanned in the administrator's browser, where scripts run.
  await page.goto(link, { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: /^J.accepte l.offre$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Opening the link twice accepted nothing.
  await page.goto(`/admin/leads/${lead.id}`);
  await expect(section).toContainText('Envoyée');

  await offerPage.getByLabel('Rue').fill('Rue de Lausanne');
  await offerPage.getByLabel(/^Numéro/).fill('12');
  await offerPage.getByLabel('NPA').fill('1201');
  await offerPage.getByLabel('Localité').fill('Genève');
  await offerPage.getByRole('button', { name: /^J.accepte l.offre$/ }).click();
  await expect(offerPage).toHaveURL(/\/offre\/[0-9]+\.[A-Za-z0-9_-]{32}\?/);
  await expect(offerPage.getByRole('status')).toContainText('Votre acceptation est enregistrée');
  await expect(offerPage.getByText('Cette offre est acceptée.', { exact: false })).toBeVisible();
  await expect(offerPage.getByRole('button', { name: /accepte l.offre/ })).toHaveCount(0);
  const accepted = offerPage.url();
  await person.close();
  await page.goto(accepted, { waitUntil: 'networkidle' });
  await expect(page.getByRole('status')).toContainText('Votre acceptation est enregistrée');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/admin/leads/${lead.id}`);
  await expect(section).toContainText('Acceptée');
  // The acceptance made the invoice, listed in the same section by billing's component.
  const invoices = section.getByRole('region', { name: 'Factures du contact' });
  await expect(invoices.getByRole('row')).toHaveCount(2);
  await expect(invoices).toContainText(/\d{4}-\d{4}/);
  expect(await seriousViolations(page)).toEqual([]);
});
