/**
 * The sale's routes and roles, all in one place (decisions 127–134): a viewer reads every list, document
 * and figure of the sale, and every change (settings, offer written, sent, withdrawn, credit note, bank
 * file as XML or as an upload, payment assigned) is refused with 403 by the central role guard, writing
 * nothing; each change an administrator (or the person accepting) makes is in the audit log, with ids
 * and amounts, never a name or an e-mail address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_FORBIDDEN_MESSAGE } from '../../api/platform/http/auth.ts';
import { offerToken } from '../../api/features/offers/links.ts';
import { camtXml } from '../support/camt.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { billingSettings } from './billing-fixture.ts';

let app: TestApp;
let admin: TestClient;
let viewer: TestClient;
let leadId: number;
let offerId: number;
let invoiceId: number;
let paymentId: number;

const PERSON = { firstName: 'Vera', lastName: 'Rolle', email: 'vera.rolle@exemple-rare.ch' };
const OFFER = {
  lines: [{ label: 'Programme Inner Circle — individuel', quantity: 1, unitPriceCents: 450_000 }],
  discountCents: 0,
  startDate: '2099-04-01',
  validUntil: '2999-03-15',
  instalments: 1,
  message: 'Comme convenu.',
};
const ADDRESS = { street: 'Rue de Lausanne', buildingNumber: '12', postalCode: '1201', town: 'Genève', country: 'CH' };

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: 'vente-admin@example.ch' });
  viewer = await app.signIn({ email: 'vente-lecture@example.ch', role: 'viewer' });
  await app.emptyTables('payments', 'bank_files', 'emails', 'credit_notes', 'invoices', 'document_counters', 'offers', 'leads', 'audit_events');
  expect((await admin.request('PUT', '/api/admin/billing-settings', { json: billingSettings() })).status).toBe(200);
  const [lead] = await app
    .knex('leads')
    .insert({ ...PERSON, source: 'form' })
    .returning('id');
  leadId = lead.id;
  const created = await admin.post(`/api/admin/leads/${leadId}/offers`, OFFER);
  expect(created.status).toBe(201);
  offerId = created.body.id;
  expect((await admin.post(`/api/admin/offers/${offerId}/send`)).status).toBe(202);
  const accepted = await app.client().request('POST', '/api/offers/accept', {
    body: new URLSearchParams({ token: offerToken(app.config.sessionSecret, offerId), ...ADDRESS }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(accepted.status).toBe(303);
  const invoice = await app.knex('invoices').where({ offerId }).first('id', 'reference');
  invoiceId = invoice.id;
  const statement = camtXml({ entries: [{ acctSvcrRef: 'ROLE-E1', transactions: [{ amountCents: 1_000, reference: null, name: 'Payeur Inconnu', acctSvcrRef: 'ROLE-T1' }] }] });
  expect((await admin.request('POST', '/api/admin/bank-files', { body: statement, headers: { 'content-type': 'application/xml' } })).status).toBe(200);
  paymentId = (await app.knex('payments').where({ acctSvcrRef: 'ROLE-T1' }).first('id')).id;
});
afterAll(() => app.close());

/** Everything the sale writes, to compare before and after a refused request. */
async function saleState(): Promise<string> {
  const tables = ['billing_settings', 'offers', 'invoices', 'credit_notes', 'bank_files', 'payments', 'document_counters'];
  const rows = await Promise.all(
    tables.map((table) =>
      app
        .knex(table)
        .orderBy(table === 'document_counters' ? 'kind' : 'id')
        .select('*'),
    ),
  );
  return JSON.stringify(rows);
}

describe('viewers on the sale’s routes', () => {
  it('reads every list, document and figure', async () => {
    const reads = [
      '/api/admin/billing-settings',
      '/api/admin/invoices',
      `/api/admin/invoices?leadId=${leadId}&status=open`,
      `/api/admin/invoices/${invoiceId}/pdf`,
      '/api/admin/offers',
      `/api/admin/offers?leadId=${leadId}&status=accepted`,
      `/api/admin/offers/${offerId}`,
      `/api/admin/offers/${offerId}/pdf`,
      '/api/admin/payments?status=unmatched',
      '/api/admin/analytics/revenue?period=30d',
      '/api/admin/stats/billing',
      '/api/admin/leads?client=true',
      `/api/admin/leads/${leadId}/export`,
    ];
    for (const path of reads) {
      const response = await viewer.get(path);
      expect(response.status, path).toBe(200);
    }
    expect((await viewer.get(`/api/admin/offers?leadId=${leadId}`)).body.offers).toEqual([expect.objectContaining({ id: offerId, status: 'accepted' })]);
  });

  it('changes nothing: every change is a 403 with the guard’s French message', async () => {
    const before = await saleState();
    const upload = new FormData();
    upload.append('file', new Blob([camtXml({ entries: [{ acctSvcrRef: 'ROLE-E2', amountCents: 100 }] })], { type: 'text/xml' }), 'camt.xml');
    const encoded = new Response(upload);
    const changes: Array<[string, () => ReturnType<TestClient['request']>]> = [
      ['PUT billing-settings', () => viewer.request('PUT', '/api/admin/billing-settings', { json: { ...billingSettings(), paymentTermDays: 10 } })],
      ['POST offers', () => viewer.post(`/api/admin/leads/${leadId}/offers`, OFFER)],
      ['POST send', () => viewer.post(`/api/admin/offers/${offerId}/send`)],
      ['POST withdraw', () => viewer.post(`/api/admin/offers/${offerId}/withdraw`)],
      ['POST credit-notes', () => viewer.post(`/api/admin/invoices/${invoiceId}/credit-notes`, { amountCents: 100, reason: 'Essai' })],
      [
        'POST bank-files (XML)',
        () => viewer.request('POST', '/api/admin/bank-files', { body: camtXml({ entries: [{ acctSvcrRef: 'ROLE-E3', amountCents: 100 }] }), headers: { 'content-type': 'application/xml' } }),
      ],
      [
        'POST bank-files (upload)',
        async () => viewer.request('POST', '/api/admin/bank-files', { body: new Uint8Array(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } }),
      ],
      ['PATCH payments', () => viewer.patch(`/api/admin/payments/${paymentId}`, { invoiceId })],
    ];
    for (const [name, change] of changes) {
      const response = await change();
      expect(response.status, name).toBe(403);
      expect((response.body as { message: string }).message, name).toBe(VIEWER_FORBIDDEN_MESSAGE);
    }
    expect(await saleState()).toBe(before);
  });
});

describe('the audit log of the sale', () => {
  it('records each change with ids and amounts, never a name or an address', async () => {
    const withdrawn = await admin.post(`/api/admin/leads/${leadId}/offers`, OFFER);
    expect((await admin.post(`/api/admin/offers/${withdrawn.body.id}/send`)).status).toBe(202);
    expect((await admin.post(`/api/admin/offers/${withdrawn.body.id}/withdraw`)).status).toBe(200);
    expect((await admin.post(`/api/admin/invoices/${invoiceId}/credit-notes`, { amountCents: 10_000, reason: 'Geste commercial' })).status).toBe(201);
    expect((await admin.patch(`/api/admin/payments/${paymentId}`, { status: 'ignored' })).status).toBe(200);

    const events = await app.knex('audit_events').orderBy('id').select('type', 'details');
    const types = events.map((event) => event.type);
    for (const type of [
      'billing_settings_updated',
      'offer_created',
      'offer_sent',
      'offer_accepted',
      'invoices_created',
      'bank_file_imported',
      'offer_withdrawn',
      'credit_note_created',
      'payment_assigned',
    ]) {
      expect(types, type).toContain(type);
    }
    const detailsOf = (type: string) => events.filter((event) => event.type === type).map((event) => event.details);
    expect(detailsOf('offer_withdrawn')).toEqual([expect.objectContaining({ offerId: withdrawn.body.id, leadId })]);
    expect(detailsOf('invoices_created')).toEqual([expect.objectContaining({ offerId, invoices: 1 })]);
    expect(detailsOf('credit_note_created')).toEqual([expect.objectContaining({ invoiceId, amountCents: 10_000 })]);
    expect(detailsOf('payment_assigned')).toEqual([expect.objectContaining({ paymentId, ignored: true })]);
    const logged = JSON.stringify(events);
    for (const personal of [PERSON.lastName, PERSON.email, ADDRESS.street, 'Payeur Inconnu']) expect(logged).not.toContain(personal);
  });
});
