/**
 * Billing through the admin API: the settings (round trip, French messages per field, viewers read
 * only), invoices created from an accepted offer (gap-free numbers, QR or RF references, instalments
 * adding up, the first one issued with its PDF and e-mail), the list with its filters and the PDF route.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createInvoicesForAcceptedOffer, markInvoicePayment } from '../../api/features/billing/index.ts';
import { swissDay } from '../../api/platform/lib/swiss-day.ts';
import { isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { setUpAppWithUsers, type AppWithUsers } from './harness.ts';
import { IBAN_INVALID_MESSAGE } from '../../api/features/billing/contract/index.ts';
import { acceptedOffer, billingSettings, PLAIN_IBAN, QR_IBAN, insertOffers } from './billing-fixture.ts';

let ctx: AppWithUsers;
setUpAppWithUsers(['emails', 'creditNotes', 'invoices', 'documentCounters', 'leads', 'auditEvents'], (users) => (ctx = users));

let leadId: number;
beforeEach(async () => {
  const [row] = await ctx.app.knex('leads').insert({ firstName: 'Anne-Sophie', lastName: 'Favre', email: 'anne-sophie@example.ch' }).returning('id');
  leadId = row.id;
  await insertOffers(ctx.app.knex, leadId, 2);
  // The one settings row goes back to its state after migration (no creditor, no IBAN).
  await ctx.app.knex('billingSettings').delete();
  await ctx.app.knex('billingSettings').insert({ id: 1 });
});

async function saveSettings(iban = QR_IBAN) {
  const response = await ctx.admin.request('PUT', '/api/admin/billing-settings', { json: billingSettings(iban) });
  expect(response.status).toBe(200);
  return response.body;
}

async function accept(overrides = {}) {
  return ctx.app.knex.transaction((trx) => createInvoicesForAcceptedOffer(trx, acceptedOffer(leadId, overrides)));
}

describe('billing settings', () => {
  it('saves the creditor, IBAN, VAT and plans, and answers them as saved', async () => {
    const saved = await saveSettings();
    expect(saved).toMatchObject({ ...billingSettings(), qrIban: true });
    const read = await ctx.member.get('/api/admin/billing-settings');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(saved);
    const audit = await ctx.app.knex('auditEvents').where({ type: 'billing_settings_updated' });
    expect(audit).toHaveLength(1);
  });

  it('accepts spaces in the IBAN, an ordinary IBAN and no VAT', async () => {
    const response = await ctx.admin.request('PUT', '/api/admin/billing-settings', {
      json: { ...billingSettings(), iban: 'CH93 0076 2011 6238 5295 7', vatNumber: '', vatRatePercent: null },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ iban: PLAIN_IBAN, qrIban: false, vatNumber: null, vatRatePercent: null });
  });

  it('refuses wrong check digits, a foreign IBAN, a malformed VAT number and a broken address with French messages per field', async () => {
    const response = await ctx.admin.request('PUT', '/api/admin/billing-settings', {
      json: {
        ...billingSettings(),
        iban: 'CH4431999123000889013',
        vatNumber: 'CHE123456789',
        vatRatePercent: 180,
        creditor: { name: '', street: 'Rue', postalCode: '1204', town: 'Genève', country: 'Suisse' },
        plans: [
          { id: 'a', label: 'A', priceCents: 1.5 },
          { id: 'a', label: 'B', priceCents: 10 },
        ],
      },
    });
    expect(response.status).toBe(400);
    const byPath = Object.fromEntries((response.body.errors as Array<{ path: string; message: string }>).map((error) => [error.path, error.message]));
    expect(byPath.iban).toMatch(/IBAN suisse ou liechtensteinois valide/);
    expect(byPath.vatNumber).toMatch(/CHE-123\.456\.789 TVA/);
    expect(byPath.vatRatePercent).toMatch(/entre 0 et 100/);
    expect(byPath['creditor.name']).toMatch(/obligatoire/);
    expect(byPath['creditor.country']).toMatch(/deux lettres/);
    expect(byPath['plans.0.priceCents']).toMatch(/nombre entier/);

    const twice = await ctx.admin.request('PUT', '/api/admin/billing-settings', {
      json: {
        ...billingSettings(),
        plans: [
          { id: 'a', label: 'A', priceCents: 10 },
          { id: 'a', label: 'B', priceCents: 10 },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([{ path: 'plans.1.id', message: 'Deux forfaits ont le même identifiant.' }]);

    const german = await ctx.admin.request('PUT', '/api/admin/billing-settings', { json: { ...billingSettings(), iban: 'DE89370400440532013000' } });
    expect(german.status).toBe(400);
  });

  it('takes a Liechtenstein IBAN with its check digits, and names the field when they are wrong', async () => {
    const liechtenstein = await ctx.admin.request('PUT', '/api/admin/billing-settings', { json: { ...billingSettings(), iban: 'LI21 0881 0000 2324 013A A' } });
    expect(liechtenstein.status).toBe(200);
    expect(liechtenstein.body).toMatchObject({ iban: 'LI21088100002324013AA', qrIban: false });
    const wrongDigits = await ctx.admin.request('PUT', '/api/admin/billing-settings', { json: { ...billingSettings(), iban: 'LI22088100002324013AA' } });
    expect(wrongDigits.status).toBe(400);
    expect(wrongDigits.body.errors).toEqual([{ path: 'iban', message: IBAN_INVALID_MESSAGE }]);
    expect((await ctx.admin.get('/api/admin/billing-settings')).body.iban).toBe('LI21088100002324013AA');
  });

  it('lets a viewer read but not change the settings', async () => {
    const response = await ctx.member.request('PUT', '/api/admin/billing-settings', { json: billingSettings() });
    expect(response.status).toBe(403);
    expect((await ctx.app.client().get('/api/admin/billing-settings')).status).toBe(401);
  });
});

describe('invoices of an accepted offer', () => {
  it('refuses to invoice before the creditor and IBAN are set', async () => {
    await expect(accept()).rejects.toMatchObject({ status: 409 });
    expect(Number((await ctx.app.knex('invoices').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('numbers invoices without gaps, with a QR reference for a QR-IBAN and an RF reference for an ordinary IBAN', async () => {
    await saveSettings(QR_IBAN);
    const first = await accept();
    await saveSettings(PLAIN_IBAN);
    const second = await accept({ offerId: 2 });
    const rows = await ctx.app.knex('invoices').orderBy('id').select('id', 'number', 'reference', 'iban', 'status');
    const year = swissDay(new Date()).slice(0, 4);
    expect(rows.map((row) => row.number)).toEqual([`${year}-0001`, `${year}-0002`]);
    expect(rows[0].id).toBe(first.invoiceIds[0]);
    expect(rows[1].id).toBe(second.invoiceIds[0]);
    expect(rows[0].reference).toMatch(/^\d{27}$/);
    expect(isQRReferenceValid(rows[0].reference)).toBe(true);
    expect(rows[0].iban).toBe(QR_IBAN);
    expect(rows[1].reference).toMatch(/^RF\d{2}/);
    expect(isSCORReferenceValid(rows[1].reference)).toBe(true);
    expect(rows.every((row) => row.status === 'open')).toBe(true);
  });

  it('splits a 12-instalment plan into monthly invoices that add up to the offer, the first issued and e-mailed', async () => {
    await saveSettings();
    const { invoiceIds } = await accept({ instalments: 12 });
    expect(invoiceIds).toHaveLength(12);
    const rows = await ctx.app
      .knex('invoices')
      .orderBy('instalmentIndex')
      .select('number', 'netCents', 'vatCents', 'totalCents', 'status', 'instalmentIndex', ctx.app.knex.raw("to_char(due_on, 'YYYY-MM-DD') as due_on"));
    expect(rows.reduce((sum, row) => sum + row.totalCents, 0)).toBe(486_450);
    expect(rows.reduce((sum, row) => sum + row.vatCents, 0)).toBe(36_450);
    expect(rows.reduce((sum, row) => sum + row.netCents, 0)).toBe(450_000);
    expect(new Set(rows.map((row) => row.number)).size).toBe(12);
    expect(rows.map((row) => row.status)).toEqual(['open', ...Array(11).fill('scheduled')]);
    // One month apart.
    expect(rows[1].dueOn.slice(5, 7)).not.toBe(rows[0].dueOn.slice(5, 7));
    const emails = await ctx.app.knex('emails').where({ kind: 'invoice_issued' }).select('toAddress', 'leadId');
    expect(emails).toEqual([{ toAddress: 'anne-sophie@example.ch', leadId }]);
  });

  it('lists invoices with their status, filters them and serves the stored PDF', async () => {
    await saveSettings();
    const { invoiceIds } = await accept();
    const list = await ctx.member.get('/api/admin/invoices', { query: { leadId } });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toMatchObject({ total: 1 });
    expect(list.body.invoices[0]).toMatchObject({ id: invoiceIds[0], leadId, totalCents: 486_450, paidCents: 0, currency: 'CHF', status: 'open', issuedOn: swissDay(new Date()) });

    await ctx.app.knex('invoices').where({ id: invoiceIds[0] }).update({ dueOn: '2020-01-31', issuedOn: '2020-01-01' });
    expect((await ctx.admin.get('/api/admin/invoices', { query: { status: 'overdue' } })).body.invoices.map((i: { id: number }) => i.id)).toEqual(invoiceIds);
    expect((await ctx.admin.get('/api/admin/invoices', { query: { status: 'open' } })).body.invoices).toEqual([]);

    await ctx.app.knex.transaction((trx) => markInvoicePayment(trx, invoiceIds[0]!, 486_450));
    const paid = await ctx.admin.get('/api/admin/invoices', { query: { status: 'paid' } });
    expect(paid.body.invoices[0]).toMatchObject({ status: 'paid', paidCents: 486_450 });

    const pdf = await fetch(`${ctx.app.url}/api/admin/invoices/${invoiceIds[0]}/pdf`, { headers: { cookie: ctx.member.cookieHeader } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const stored = await ctx.app.knex('invoices').where({ id: invoiceIds[0] }).first('pdf');
    expect(bytes.equals(Buffer.from(stored.pdf))).toBe(true);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await ctx.admin.get('/api/admin/invoices', { query: { status: 'late' } })).status).toBe(400);
    expect((await ctx.admin.get('/api/admin/invoices/999999/pdf')).status).toBe(404);
  });

  it('books partial payments, the full amount and a reversal', async () => {
    await saveSettings();
    const [id] = (await accept()).invoiceIds;
    const knex = ctx.app.knex;
    expect(await knex.transaction((trx) => markInvoicePayment(trx, id!, 100_000))).toMatchObject({ status: 'open', paidCents: 100_000 });
    expect(await knex.transaction((trx) => markInvoicePayment(trx, id!, 386_450))).toMatchObject({ status: 'paid', paidCents: 486_450 });
    expect(await knex.transaction((trx) => markInvoicePayment(trx, id!, -386_450))).toMatchObject({ status: 'open', paidCents: 100_000 });
  });
});
