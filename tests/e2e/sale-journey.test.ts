/**
 * The whole sale in Chromium (decisions 130 to 134), against `npm start` on a
 * PostgreSQL database of its own with every e-mail caught by the real SMTP sink:
 * a visitor comes from a LinkedIn campaign link and books a discovery call with JavaScript off; the call
 * took place (moved into the past in the database: no screen books a call that has started); the
 * administrator marks it "Effectué" in the agenda and makes the offer from it, then sends it; the person
 * opens the e-mail's link with JavaScript off and accepts; the invoice e-mail brings the PDF whose QR-bill
 * carries the amount and the reference; the bank's camt.054 with that reference is imported; the invoice
 * is paid, the contact wears the "Client" badge, and the revenue by origin shows the campaign with the
 * amount without VAT.
 */
import pg from 'pg';
import { expect } from './fixtures.ts';
import { adminApi, seriousViolations, signIn, toast } from './admin-helpers.ts';
import { mailTo, testOnPostgres } from './postgres-server.ts';
import { bankRef, camtXml } from '../support/camt.ts';
import { pdfText } from '../support/pdf-text.ts';
import { readQrPayload } from '../support/qr-bill.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';

const test = testOnPostgres('e2e_sale');

const QR_IBAN = 'CH4431999123000889012';
const SETTINGS = {
  creditor: { name: 'Clairval Inner Circle Sàrl', street: 'Rue du Marché', buildingNumber: '12', postalCode: '1204', town: 'Genève', country: 'CH' },
  iban: QR_IBAN,
  vatNumber: 'CHE-123.456.789 TVA',
  vatRatePercent: 8.1,
  paymentTermDays: 30,
  plans: [
    { id: 'individuel', label: 'Individuel', priceCents: 450_000 },
    { id: 'entreprise', label: 'Entreprise', priceCents: 1_200_000 },
  ],
};
const CAMPAIGN = 'vente-printemps';
const PERSON = { firstName: 'Léa', lastName: 'Vente', email: 'lea.vente@example.ch' };
const NAME = `${PERSON.firstName} ${PERSON.lastName}`;

/** A day in Switzerland, `2027-01-15`, `days` after today (the dates the product computes are Swiss). */
function swissDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() + days * 86_400_000));
}

async function sql(databaseUrl: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

function pdfOf(message: ReceivedMail): Buffer {
  const pdfs = message.parsed.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
  expect(pdfs).toHaveLength(1);
  return pdfs[0]!.content;
}

test('from the held discovery call to the paid invoice and the revenue of its campaign', async ({ page, browser, request, baseURL, smtp, databaseUrl }) => {
  // A whole sale: a booking, two e-mails with PDFs, a bank import and five admin screens, on a loaded machine.
  test.setTimeout(360_000);
  const origin = { origin: new URL(baseURL!).origin };

  // The administrator exists and hosts calls every day, all day; the billing settings are set.
  await adminApi(request, baseURL!);
  await signIn(page);
  await sql(
    databaseUrl,
    `insert into booking_hosts (user_id, is_host, weekly, calendar_token) select id, true, $1, 'jeton-vente' from users order by id limit 1
     on conflict (user_id) do update set is_host = true, weekly = excluded.weekly`,
    [JSON.stringify([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })))],
  );
  const settings = await page.request.put('/api/admin/billing-settings', { data: SETTINGS, headers: origin });
  expect(settings.status(), await settings.text()).toBe(200);

  // The visitor comes from the campaign's link and books the call, without JavaScript. The server does
  // not count bots (Playwright's User-Agent says HeadlessChrome): an ordinary Chrome one.
  const visitor = await browser.newContext({
    javaScriptEnabled: false,
    locale: 'fr-CH',
    timezoneId: 'Europe/Zurich',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.4512.0 Safari/537.36',
  });
  try {
    const visit = await visitor.newPage();
    await visit.goto(`/?utm_source=linkedin&utm_medium=social&utm_campaign=${CAMPAIGN}`);
    await expect(visit.getByRole('heading', { level: 1 })).toBeVisible();
    await visit.goto('/rendez-vous/');
    await expect(visit.getByRole('heading', { level: 1 })).toHaveText('Réservez votre appel découverte');
    await visit.getByRole('textbox', { name: 'Prénom', exact: true }).fill(PERSON.firstName);
    await visit.getByRole('textbox', { name: 'Nom', exact: true }).fill(PERSON.lastName);
    await visit.getByRole('textbox', { name: 'E-mail', exact: true }).fill(PERSON.email);
    const start = (await visit.getByRole('radio').first().getAttribute('value'))!;
    // A person clicks the time they read (the radio itself is visually hidden inside its label).
    await visit.locator('label', { has: visit.locator(`input[value="${start}"]`) }).click();
    await expect(visit.getByRole('radio').first()).toBeChecked();
    await visit.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();
    await expect(visit).toHaveURL(/\/rendez-vous\/confirme\//);
    await expect(visit.locator('[data-server-message]')).toContainText('Votre appel découverte est réservé le');
  } finally {
    await visitor.close();
  }
  await mailTo(smtp, PERSON.email, /Votre appel découverte est confirmé/);
  const found = await page.request.get(`/api/admin/leads?search=${encodeURIComponent(PERSON.email)}`);
  const [lead] = (await found.json()).leads as Array<{ id: number; firstTouch: Record<string, string | null>; isClient: boolean }>;
  expect(lead!.firstTouch).toMatchObject({ channel: 'social', source: 'linkedin', campaign: CAMPAIGN });
  expect(lead!.isClient).toBe(false);

  // The call took place two hours ago.
  const moved = await sql(
    databaseUrl,
    `with shift as (select id, activity_id, start_at - date_trunc('hour', now() - interval '2 hours') as by from bookings where lead_id = $1),
          booking as (
            update bookings b set start_at = b.start_at - s.by, end_at = b.end_at - s.by, blocked = tstzrange(lower(b.blocked) - s.by, upper(b.blocked) - s.by)
              from shift s where b.id = s.id returning b.id)
     update activities a set scheduled_at = a.scheduled_at - s.by, due_date = a.due_date - s.by from shift s where a.id = s.activity_id returning a.id`,
    [lead!.id],
  );
  expect(moved.rowCount).toBe(1);

  // The administrator marks it held in the agenda and makes the offer from it.
  await page.goto('/admin/bookings');
  const call = page.getByRole('list', { name: 'Passés' }).getByRole('listitem').filter({ hasText: NAME });
  await expect(call).toContainText('À marquer');
  await call.getByRole('button', { name: `Effectué : appel avec ${NAME}` }).click();
  await expect(toast(page)).toContainText('Appel marqué effectué');
  await expect(call).toContainText('Effectué');
  await call.getByRole('button', { name: `Faire une offre : appel avec ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Faire une offre à ${NAME}` });
  await dialog.getByLabel('Forfait').selectOption('individuel');
  await expect(dialog.getByRole('textbox', { name: 'Libellé (ligne 1)' })).toHaveValue('Individuel');
  await expect(dialog.getByRole('textbox', { name: 'Prix unitaire (CHF)' })).toHaveValue('4’500.00');
  await dialog.getByLabel('Début du programme').fill(swissDay(30));
  await dialog.getByLabel('Message personnel').fill('Comme convenu lors de notre appel.');
  await dialog.getByRole('button', { name: 'Enregistrer l’offre' }).click();
  await expect(toast(page)).toContainText('Offre enregistrée');
  await expect(dialog).toHaveCount(0);

  // The contact's page holds the draft; the administrator sends it.
  await page.goto(`/admin/leads/${lead!.id}`);
  const section = page.getByRole('region', { name: 'Offres et factures' });
  await expect(section).toContainText('CHF 4’864.50 TTC');
  await expect(section).toContainText('Brouillon');
  await section.getByRole('button', { name: /^Envoyer/ }).click();
  await page.getByRole('dialog', { name: 'Envoyer l’offre' }).getByRole('button', { name: 'Envoyer l’offre' }).click();
  await expect(toast(page)).toContainText('Offre envoyée');
  await expect(section).toContainText('Envoyée');

  // The offer e-mail: its PDF, and the link to its page.
  const offerMail = await mailTo(smtp, PERSON.email, /^Votre offre/);
  expect(pdfText(pdfOf(offerMail))).toContain('4’864.50');
  const link = /\/offre\/[0-9]+\.[A-Za-z0-9_-]{32}/.exec(offerMail.parsed.text ?? '')?.[0];
  expect(link, 'the link to the offer’s page').toBeTruthy();

  // The person reads the offer with JavaScript off, gives the billing address and accepts.
  const person = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-CH', timezoneId: 'Europe/Zurich' });
  try {
    const offerPage = await person.newPage();
    await offerPage.goto(link!);
    await expect(offerPage.getByRole('heading', { level: 1 })).toHaveText('Votre offre');
    const table = offerPage.getByRole('table', { name: /Prestations de l.offre/ });
    await expect(table).toContainText('Individuel');
    await expect(table).toContainText('TVA 8.1 %');
    await expect(table).toContainText('4’864.50');
    await expect(offerPage.getByText('Comme convenu lors de notre appel.')).toBeVisible();
    await expect(offerPage.getByLabel('Pays')).toHaveValue('CH');
    await offerPage.getByLabel('Rue').fill('Rue de Lausanne');
    await offerPage.getByLabel(/^Numéro/).fill('12');
    await offerPage.getByLabel('NPA').fill('1201');
    await offerPage.getByLabel('Localité').fill('Genève');
    await offerPage.getByRole('button', { name: /^J.accepte l.offre$/ }).click();
    await expect(offerPage.getByRole('status')).toContainText('Votre acceptation est enregistrée');
    await expect(offerPage.getByRole('button', { name: /accepte l.offre/ })).toHaveCount(0);
  } finally {
    await person.close();
  }

  // The invoice e-mail: the PDF says the number, the amount and the address; its QR-bill carries the
  // QR-IBAN, the amount in CHF, the QR reference and the number.
  const invoiceMail = await mailTo(smtp, PERSON.email, /^Votre facture \d{4}-\d{4}$/);
  const number = /\d{4}-\d{4}/.exec(invoiceMail.parsed.subject!)![0];
  const listed = await page.request.get(`/api/admin/invoices?leadId=${lead!.id}`);
  expect(listed.status()).toBe(200);
  const invoices = (await listed.json()).invoices as Array<{ id: number; number: string; totalCents: number; paidCents: number; status: string; reference: string }>;
  expect(invoices).toHaveLength(1);
  const [invoice] = invoices;
  expect(invoice).toMatchObject({ number, totalCents: 486_450, paidCents: 0, status: 'open' });
  expect(invoice!.reference).toMatch(/^\d{27}$/);
  expect(invoiceMail.parsed.text).toContain(invoice!.reference);
  const invoicePdf = pdfOf(invoiceMail);
  const text = pdfText(invoicePdf);
  expect(text).toContain(number);
  expect(text).toContain('Rue de Lausanne');
  const payload = (await readQrPayload(invoicePdf)).split(/\r?\n/);
  expect(payload.slice(0, 4)).toEqual(['SPC', '0200', '1', QR_IBAN]);
  expect(payload).toContain('4864.50');
  expect(payload).toContain('CHF');
  expect(payload[payload.indexOf('QRR') + 1]).toBe(invoice!.reference);
  expect(payload).toContain(`Facture ${number}`);
  // The administrator's copy is the e-mailed document.
  const copy = await page.request.get(`/api/admin/invoices/${invoice!.id}/pdf`);
  expect(copy.headers()['content-type']).toContain('application/pdf');
  expect(Buffer.from(await copy.body()).equals(invoicePdf)).toBe(true);

  // The person pays; the bank's camt.054 of the day is imported.
  await page.goto('/admin/settings/paiements');
  await expect(page.getByRole('heading', { name: 'Importer un relevé' })).toBeVisible();
  const camt = camtXml({
    iban: QR_IBAN,
    entries: [{ acctSvcrRef: bankRef('VENTE'), bookingDate: swissDay(), transactions: [{ amountCents: 486_450, reference: invoice!.reference, name: NAME }] }],
  });
  await page.getByLabel('Fichier camt (XML)').setInputFiles({ name: 'camt054.xml', mimeType: 'application/xml', buffer: Buffer.from(camt) });
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const result = page.getByRole('status', { name: 'Relevé importé' });
  await expect(result).toContainText('Transactions lues1');
  await expect(result).toContainText('Factures payées1');
  await expect(page.getByRole('region', { name: 'Derniers paiements' }).locator('tbody tr').filter({ hasText: NAME })).toContainText(number);

  // The invoice is paid; the contact is a client.
  const paid = await (await page.request.get(`/api/admin/invoices?leadId=${lead!.id}&status=paid`)).json();
  expect(paid.invoices).toEqual([expect.objectContaining({ id: invoice!.id, status: 'paid', paidCents: 486_450 })]);
  const clients = await (await page.request.get(`/api/admin/leads?client=true&search=${encodeURIComponent(PERSON.email)}`)).json();
  expect(clients.leads.map((found: { id: number; isClient: boolean }) => [found.id, found.isClient])).toEqual([[lead!.id, true]]);
  await page.goto(`/admin/leads/${lead!.id}`);
  await expect(page.getByRole('main').getByText('Client', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Factures du contact' }).locator('tbody tr').filter({ hasText: number })).toContainText('Payée');
  expect(await seriousViolations(page)).toEqual([]);

  // The revenue, without VAT, goes to the campaign of the first touch.
  const revenue = await page.request.get(`/api/admin/analytics/revenue?period=30d&campaign=${CAMPAIGN}`);
  expect(revenue.status()).toBe(200);
  expect(await revenue.json()).toMatchObject({
    revenueCents: 450_000,
    refundsCents: 0,
    clients: 1,
    byChannel: [{ channel: 'social', source: 'linkedin', campaign: CAMPAIGN, clients: 1, revenueCents: 450_000 }],
  });
  // The dashboard's card: this month's revenue without VAT, no invoice left open.
  await page.goto('/simple-admin');
  const card = page.getByRole('region', { name: 'Facturation' });
  await expect(card).toContainText('Encaissé ce mois (HT)CHF 4’500.00');
  await expect(card).toContainText('Factures ouvertes0 · CHF 0.00');
  await page.goto('/admin/analytics');
  const row = page.getByRole('region', { name: 'Encaissements selon l’origine, tableau' }).locator('tbody tr').filter({ hasText: CAMPAIGN });
  await expect(row).toContainText('linkedin');
  await expect(row).toContainText('CHF 4’500.00');

  // Analytiques filtered on the campaign: a bar per origin beside the table of the same figures, at a phone's and a desk's width.
  await page.goto(`/admin/analytics?campaign=${CAMPAIGN}`);
  const revenueCard = page.getByRole('region', { name: 'Encaissements selon l’origine', exact: true });
  const chart = revenueCard.getByRole('img', { name: `Barres des encaissements selon l’origine, CHF 4’500.00 en tout : Réseaux sociaux · linkedin · ${CAMPAIGN} CHF 4’500.00.` });
  const table = revenueCard.getByRole('region', { name: 'Encaissements selon l’origine, tableau' });
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(chart).toBeVisible();
    await expect(chart.locator('svg')).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr td')).toHaveText(['Réseaux sociaux', 'linkedin', CAMPAIGN, '1', 'CHF 4’500.00', 'CHF 0.00']);
    await expect(revenueCard).toContainText('Encaissé (HT)CHF 4’500.00');
    await expect(revenueCard).toContainText('Clients payants1');
    expect(await seriousViolations(page)).toEqual([]);
  }
  // On a desk the table stands beside the chart, as the screen's other charts.
  const [chartBox, tableBox] = [await chart.boundingBox(), await table.boundingBox()];
  expect(tableBox!.x).toBeGreaterThan(chartBox!.x + chartBox!.width - 1);

  // The contacts list filtered on clients shows them alone, the filter named in its chip.
  await page.goto('/admin/leads');
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await page.getByRole('menuitem', { name: 'Clients' }).click();
  await expect(page.getByText('Clients uniquement')).toBeVisible();
  await expect(page.getByRole('main').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('main').locator('tbody tr')).toContainText(NAME);

  // Forty days after the programme's start the guarantee is over: the button says so and asks for a confirmation.
  await sql(databaseUrl, `update invoices set service_start_on = current_date - 40 where id = $1`, [invoice!.id]);
  await page.goto(`/admin/leads/${lead!.id}`);
  const invoiceRow = page.getByRole('region', { name: 'Factures du contact' }).locator('tbody tr').filter({ hasText: number });
  await invoiceRow.getByRole('button', { name: `Rembourser (garantie terminée) : facture ${number}` }).click();
  const refund = page.getByRole('dialog', { name: `Rembourser la facture ${number}` });
  await expect(refund).toContainText('La garantie de 30 jours est terminée : confirmez pour établir quand même une note de crédit.');
  await refund.getByLabel('Motif').fill('Départ anticipé');
  await refund.getByRole('button', { name: 'Établir la note de crédit' }).click();
  await expect(refund).toContainText('Confirmez le remboursement après la garantie.');
  expect(await seriousViolations(page)).toEqual([]);
  await refund.getByRole('switch', { name: 'Je confirme le remboursement après la fin de la garantie' }).click();
  await refund.getByRole('button', { name: 'Établir la note de crédit' }).click();
  await expect(toast(page)).toContainText('Note de crédit établie');
  const refunded = await (await page.request.get(`/api/admin/analytics/revenue?period=30d&campaign=${CAMPAIGN}`)).json();
  expect(refunded).toMatchObject({ revenueCents: 0, refundsCents: 450_000 });
});
