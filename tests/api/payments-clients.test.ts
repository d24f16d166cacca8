/**
 * What payments make of contacts and figures (decision 134): a contact becomes a client when an invoice
 * of theirs receives money (and stops being one when the bank reverses it or the invoice is credited),
 * `isClient` on every contact and the `?client=` filter; GET /api/admin/analytics/revenue (money received
 * without VAT, net of credit notes, per first touch, clients, median days to payment, filters) and
 * GET /api/admin/stats/billing (this month's revenue, open and overdue invoices, payments to review).
 * Payments arrive through real camt files; every date is relative to today in Switzerland.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { camtXml, type CamtEntrySpec } from '../support/camt.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';

let app: TestApp;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: 'compta-clients@example.ch' });
});
afterAll(() => app.close());

beforeEach(async () => {
  await app.emptyTables('payments', 'bank_files', 'credit_notes', 'invoices', 'leads');
});

/** Today's date in Switzerland, and `days` before it (YYYY-MM-DD). */
function swissDay(daysBefore = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysBefore);
  return date.toISOString().slice(0, 10);
}

let serial = 0;
async function contact(touch: { channel: string; source?: string; campaign?: string } | null = null): Promise<number> {
  serial += 1;
  const [row] = await app
    .knex('leads')
    .insert({
      firstName: `Client${serial}`,
      email: `client-${serial}@example.ch`,
      type: 'contact',
      source: 'form',
      ...(touch ? { firstTouchChannel: touch.channel, firstTouchSource: touch.source ?? null, firstTouchCampaign: touch.campaign ?? null, firstTouchAt: new Date() } : {}),
    })
    .returning('id');
  return row.id;
}

/** An invoice with 8.1 % VAT on `netCents`, issued `issuedDaysAgo` days ago. */
async function invoice(leadId: number | null, netCents: number, options: { issuedDaysAgo?: number; dueDaysAgo?: number } = {}): Promise<{ id: number; reference: string; totalCents: number }> {
  serial += 1;
  const vatCents = Math.round((netCents * 810) / 10_000);
  const reference = String(900_000 + serial).padStart(27, '0');
  const issued = options.issuedDaysAgo ?? 10;
  const [row] = await app
    .knex('invoices')
    .insert({
      number: `2027-${String(serial).padStart(4, '0')}`,
      leadId,
      debtorName: 'Client Test',
      debtorStreet: 'Rue du Test',
      debtorPostalCode: '1000',
      debtorTown: 'Lausanne',
      debtorCountry: 'CH',
      netCents,
      vatCents,
      totalCents: netCents + vatCents,
      vatRateBasisPoints: 810,
      reference,
      iban: 'CH4431999123000889012',
      issuedOn: swissDay(issued),
      dueOn: swissDay(options.dueDaysAgo ?? issued - 30),
      status: 'open',
    })
    .returning('id');
  return { id: row.id, reference, totalCents: netCents + vatCents };
}

let fileSerial = 0;
async function pay(payments: Array<{ reference: string; amountCents: number; reversal?: boolean }>): Promise<void> {
  fileSerial += 1;
  const entries: CamtEntrySpec[] = payments.map((payment, index) => ({
    acctSvcrRef: `CL-${process.pid}-${fileSerial}-${index}`,
    bookingDate: swissDay(0),
    direction: payment.reversal ? 'debit' : 'credit',
    reversal: payment.reversal ?? false,
    transactions: [{ amountCents: payment.amountCents, reference: payment.reference, name: 'Client Test' }],
  }));
  const response = await admin.request('POST', '/api/admin/bank-files', { body: camtXml({ entries }), headers: { 'content-type': 'application/xml' } });
  expect(response.status).toBe(200);
}

async function isClient(leadId: number): Promise<boolean> {
  return (await admin.get(`/api/admin/leads/${leadId}`)).body.isClient;
}

describe('client status', () => {
  it('follows the money: paid → client; reversed → not; paid again then credited → not', async () => {
    const leadId = await contact();
    const other = await contact();
    const bill = await invoice(leadId, 10_000);
    expect(await isClient(leadId)).toBe(false);

    await pay([{ reference: bill.reference, amountCents: 1_000 }]);
    expect(await isClient(leadId)).toBe(true);
    const clients = await admin.get('/api/admin/leads', { query: { client: 'true' } });
    expect(clients.body.leads.map((lead: { id: number; isClient: boolean }) => [lead.id, lead.isClient])).toEqual([[leadId, true]]);
    expect(clients.body.pagination.total).toBe(1);
    const others = await admin.get('/api/admin/leads', { query: { client: 'false' } });
    expect(others.body.leads.map((lead: { id: number }) => lead.id)).toEqual([other]);

    await pay([{ reference: bill.reference, amountCents: 1_000, reversal: true }]);
    expect(await isClient(leadId)).toBe(false);

    await pay([{ reference: bill.reference, amountCents: bill.totalCents }]);
    expect(await isClient(leadId)).toBe(true);
    await app.knex('invoices').where({ id: bill.id }).update({ status: 'credited' });
    expect(await isClient(leadId)).toBe(false);
  });

  it('refuses a client filter that is neither true nor false', async () => {
    const response = await admin.get('/api/admin/leads', { query: { client: 'oui' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({ path: 'client', message: 'Le filtre « client » doit valoir true ou false.' });
  });
});

describe('privacy', () => {
  it('lists the payments of the contact’s invoices in the export, and keeps them, as accounting records, when the contact is erased', async () => {
    const leadId = await contact({ channel: 'referral' });
    const bill = await invoice(leadId, 10_000);
    fileSerial += 1;
    const xml = camtXml({
      entries: [
        { acctSvcrRef: `PRIV-${process.pid}-${fileSerial}`, bookingDate: swissDay(0), transactions: [{ amountCents: bill.totalCents, reference: bill.reference, name: 'Zéphyr Payeur-Rare' }] },
      ],
    });
    expect((await admin.request('POST', '/api/admin/bank-files', { body: xml, headers: { 'content-type': 'application/xml' } })).status).toBe(200);

    const exported = await admin.get(`/api/admin/leads/${leadId}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.payments).toEqual([
      expect.objectContaining({
        bookingDate: swissDay(0),
        amountCents: bill.totalCents,
        currency: 'CHF',
        direction: 'credit',
        reference: bill.reference,
        debtorName: 'Zéphyr Payeur-Rare',
        status: 'matched',
        invoiceNumber: expect.any(String),
      }),
    ]);

    const email = (await app.knex('leads').where({ id: leadId }).first('email')).email;
    const erased = await admin.post(`/api/admin/leads/${leadId}/erase`, { confirmEmail: email });
    expect(erased.status).toBe(200);
    expect(erased.body.message).toMatch(/^Contact effacé\. Conservé : 1 facture, 1 paiement reçu\. Pièces comptables conservées 10 ans/);
    const kept = await app.knex('payments as p').join('invoices as i', 'i.id', 'p.invoiceId').where('i.id', bill.id).first('p.debtorName', 'i.leadId', 'p.status');
    expect(kept).toEqual({ debtorName: 'Zéphyr Payeur-Rare', leadId: null, status: 'matched' });
    const revenue = await admin.get('/api/admin/analytics/revenue');
    expect(revenue.body.byChannel).toEqual([{ channel: null, source: null, campaign: null, clients: 1, revenueCents: 10_000, refundsCents: 0 }]);
  });
});

describe('GET /api/admin/analytics/revenue and /api/admin/stats/billing', () => {
  it('counts money received without VAT, net of credit notes, per first touch', async () => {
    const fromSearch = await contact({ channel: 'search', source: 'google', campaign: 'hiver' });
    const fromSocial = await contact({ channel: 'social', source: 'linkedin' });
    const exact = await invoice(fromSearch, 10_000, { issuedDaysAgo: 10 });
    const partial = await invoice(fromSocial, 20_000, { issuedDaysAgo: 40, dueDaysAgo: 1 });
    const refunded = await invoice(fromSocial, 10_000, { issuedDaysAgo: 20 });
    const erased = await invoice(null, 5_000, { issuedDaysAgo: 4 });
    await invoice(fromSearch, 7_000, { issuedDaysAgo: 2 });
    await pay([
      { reference: exact.reference, amountCents: exact.totalCents },
      { reference: partial.reference, amountCents: 10_810 },
      { reference: refunded.reference, amountCents: refunded.totalCents },
      { reference: erased.reference, amountCents: erased.totalCents },
      { reference: '000000000000000000000000001', amountCents: 999 },
    ]);
    await app.knex('invoices').where({ id: refunded.id }).update({ status: 'credited' });
    await app.knex('credit_notes').insert({ number: `NC-2027-${serial}`, invoiceId: refunded.id, amountCents: refunded.totalCents, reason: 'Garantie de 30 jours' });

    const all = await admin.get('/api/admin/analytics/revenue', { query: { period: '30d' } });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      revenueCents: 25_000,
      refundsCents: 10_000,
      clients: 3,
      medianDaysToPayment: 10,
      byChannel: [
        { channel: 'search', source: 'google', campaign: 'hiver', clients: 1, revenueCents: 10_000, refundsCents: 0 },
        { channel: 'social', source: 'linkedin', campaign: null, clients: 1, revenueCents: 10_000, refundsCents: 10_000 },
        { channel: null, source: null, campaign: null, clients: 1, revenueCents: 5_000, refundsCents: 0 },
      ],
    });
    const social = await admin.get('/api/admin/analytics/revenue', { query: { period: '90d', channel: 'social' } });
    expect(social.body).toEqual({
      revenueCents: 10_000,
      refundsCents: 10_000,
      clients: 1,
      medianDaysToPayment: 20,
      byChannel: [{ channel: 'social', source: 'linkedin', campaign: null, clients: 1, revenueCents: 10_000, refundsCents: 10_000 }],
    });
    const campaign = await admin.get('/api/admin/analytics/revenue', { query: { campaign: 'hiver' } });
    expect(campaign.body).toMatchObject({ revenueCents: 10_000, clients: 1, medianDaysToPayment: 10 });

    const card = await admin.get('/api/admin/stats/billing');
    expect(card.status).toBe(200);
    expect(card.body).toEqual({
      month: swissDay(0).slice(0, 7),
      monthRevenueCents: 25_000,
      openInvoices: 2,
      openCents: 21_620 - 10_810 + 7_567,
      overdueInvoices: 1,
      overdueCents: 10_810,
      toReview: 1,
    });
  });

  it('answers zeros without payments, and refuses an unknown period or channel in French', async () => {
    expect((await admin.get('/api/admin/analytics/revenue')).body).toEqual({ revenueCents: 0, refundsCents: 0, clients: 0, medianDaysToPayment: null, byChannel: [] });
    const period = await admin.get('/api/admin/analytics/revenue', { query: { period: '7d' } });
    expect(period.status).toBe(400);
    expect(period.body.errors[0].path).toBe('period');
    const channel = await admin.get('/api/admin/analytics/revenue', { query: { channel: 'tv' } });
    expect(channel.status).toBe(400);
    expect(channel.body.errors[0].message).toMatch(/^Le canal doit être l'une des valeurs suivantes/);
  });
});
