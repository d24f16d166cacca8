/**
 * Bank files imported and matched to invoices (decision 133): POST /api/admin/bank-files with camt.054
 * and camt.053 files made here (versions 04 and 08, batch entries, no reference, partial, over-payment,
 * unknown reference, debit, reversal, credited invoice), duplicates by the bank's reference (the same
 * file again, the same file five times at once), a bad file refused with nothing written, and
 * GET/PATCH /api/admin/payments (the review list, assigning a payment, setting it aside, viewers read only).
 */
import { describe, expect, it } from 'vitest';
import { VIEWER_FORBIDDEN_MESSAGE } from '../../api/platform/http/auth.ts';
import { markInvoicePayment } from '../../api/features/billing/index.ts';
import { markInvoicePayments } from '../../api/features/payments/import.ts';
import { camtXml, bankRef, type CamtFileSpec } from '../support/camt.ts';
import type { TestApp, TestClient } from './harness.ts';
import { insertInvoice, rowCounts, setUpPaymentsApp } from './payments-fixture.ts';

let app: TestApp;
let admin: TestClient;
let viewer: TestClient;
setUpPaymentsApp({ admin: 'compta@example.ch', viewer: 'lecture@example.ch' }, (started) => ({ app, admin, viewer } = started));

let invoiceSerial = 0;
/** A QR reference of 27 digits, unique in the run (the check digit is not what matching looks at). */
function qrReference(): string {
  invoiceSerial += 1;
  return `${String(process.pid).padStart(8, '0')}${String(invoiceSerial).padStart(19, '0')}`.slice(-27);
}

/** An issued invoice as billing stores it. */
async function invoice(totalCents: number, options: { status?: 'open' | 'paid' | 'credited' | 'scheduled'; paidCents?: number } = {}): Promise<{ id: number; reference: string }> {
  const [lead] = await app
    .knex('leads')
    .insert({ firstName: 'Zoé', lastName: 'Payeuse', email: `payeuse-${invoiceSerial + 1}@example.ch`, type: 'contact', source: 'form' })
    .returning('id');
  const reference = qrReference();
  const number = `2027-${String(invoiceSerial).padStart(4, '0')}`;
  const id = await insertInvoice(app.knex, { leadId: lead.id, number, reference, totalCents, debtorName: 'Zoé Payeuse', status: options.status, paidCents: options.paidCents });
  return { id, reference };
}

async function invoiceState(id: number): Promise<{ status: string; paidCents: number }> {
  const row = await app.knex('invoices').where({ id }).first('status', 'paidCents');
  return { status: row.status, paidCents: Number(row.paidCents) };
}

function upload(client: TestClient, spec: CamtFileSpec | string) {
  const body = typeof spec === 'string' ? spec : camtXml(spec);
  return client.request('POST', '/api/admin/bank-files', { body, headers: { 'content-type': 'application/xml' } });
}

describe('POST /api/admin/bank-files', () => {
  it('matches a camt.054 (version 08) by reference: exact, partial then complete in a batch, over, unknown, none, credited, debit', async () => {
    const exact = await invoice(100_000);
    const twice = await invoice(50_000);
    const over = await invoice(30_000);
    const credited = await invoice(20_000, { status: 'credited' });
    const response = await upload(admin, {
      message: 'camt.054',
      version: '08',
      entries: [
        { acctSvcrRef: 'E1', transactions: [{ amountCents: 100_000, reference: exact.reference, name: 'Zoé Payeuse', acctSvcrRef: 'T1' }] },
        {
          acctSvcrRef: 'E2',
          transactions: [
            { amountCents: 20_000, reference: twice.reference, name: 'Zoé Payeuse', acctSvcrRef: 'T2a' },
            { amountCents: 30_000, reference: twice.reference.replace(/(\d{5})/g, '$1 '), name: 'Zoé Payeuse', acctSvcrRef: 'T2b' },
            { amountCents: 40_000, reference: over.reference, name: 'Paul Trop', acctSvcrRef: 'T2c' },
            { amountCents: 12_345, reference: null, name: 'Anne Sansref', acctSvcrRef: 'T2d' },
            { amountCents: 5_000, reference: 'RF18539007547034', name: 'Inconnu SA', acctSvcrRef: 'T2e' },
            { amountCents: 20_000, reference: credited.reference, name: 'Zoé Payeuse', acctSvcrRef: 'T2f' },
          ],
        },
        { acctSvcrRef: 'E3', direction: 'debit', transactions: [{ amountCents: 9_900, name: 'Imprimerie SA', acctSvcrRef: 'T3' }] },
        { acctSvcrRef: 'E4', status: 'PDNG', amountCents: 1_000 },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      fileId: expect.any(Number),
      message: 'camt.054',
      version: '08',
      entries: 3,
      transactions: 8,
      matched: 2,
      partial: 1,
      unmatched: 4,
      ignored: 1,
      reversals: 0,
      duplicates: 0,
      notBooked: 1,
    });
    expect(await invoiceState(exact.id)).toEqual({ status: 'paid', paidCents: 100_000 });
    expect(await invoiceState(twice.id)).toEqual({ status: 'paid', paidCents: 50_000 });
    expect(await invoiceState(over.id)).toEqual({ status: 'open', paidCents: 0 });
    expect(await invoiceState(credited.id)).toEqual({ status: 'credited', paidCents: 0 });

    const review = await viewer.get('/api/admin/payments', { query: { status: 'unmatched', limit: 50 } });
    expect(review.status).toBe(200);
    expect(review.body.pagination).toEqual({ page: 1, limit: 50, total: 4 });
    const byRef = Object.fromEntries(review.body.payments.map((payment: { bankReference: string }) => [payment.bankReference, payment]));
    expect(byRef.T2c).toMatchObject({ status: 'unmatched', reviewReason: 'over_payment', amountCents: 40_000, debtorName: 'Paul Trop', invoice: { id: over.id, status: 'open', paidCents: 0 } });
    expect(byRef.T2d).toMatchObject({ reviewReason: 'no_reference', reference: null, invoice: null, bookingDate: '2027-01-15' });
    expect(byRef.T2e).toMatchObject({ reviewReason: 'unknown_reference', reference: 'RF18539007547034', invoice: null });
    expect(byRef.T2f).toMatchObject({ reviewReason: 'invoice_closed', invoice: { id: credited.id } });

    const all = await admin.get('/api/admin/payments', { query: { limit: 50 } });
    const statuses = Object.fromEntries(all.body.payments.map((payment: { bankReference: string; status: string }) => [payment.bankReference, payment.status]));
    expect(statuses).toEqual({ T1: 'matched', T2a: 'partial', T2b: 'matched', T2c: 'unmatched', T2d: 'unmatched', T2e: 'unmatched', T2f: 'unmatched', T3: 'ignored' });
    const audit = await app.knex('audit_events').where({ type: 'bank_file_imported' }).orderBy('id', 'desc').first();
    expect(audit.details).toMatchObject({ fileId: response.body.fileId, matched: 2, partial: 1, unmatched: 4, duplicates: 0 });
    expect(JSON.stringify(audit.details)).not.toContain('Payeuse');
  });

  it('counts a file imported twice as duplicates and changes nothing the second time', async () => {
    const target = await invoice(25_000);
    const spec: CamtFileSpec = {
      message: 'camt.053',
      version: '04',
      entries: [
        { acctSvcrRef: bankRef('A'), transactions: [{ amountCents: 10_000, reference: target.reference, name: 'Zoé Payeuse' }] },
        { acctSvcrRef: bankRef('B'), amountCents: 777 },
      ],
    };
    const xml = camtXml(spec);
    const first = await upload(admin, xml);
    expect(first.body).toMatchObject({ message: 'camt.053', version: '04', transactions: 2, partial: 1, unmatched: 1, duplicates: 0 });
    expect(await invoiceState(target.id)).toEqual({ status: 'open', paidCents: 10_000 });
    const again = await upload(admin, xml);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ transactions: 2, matched: 0, partial: 0, unmatched: 0, ignored: 0, duplicates: 2 });
    expect(await invoiceState(target.id)).toEqual({ status: 'open', paidCents: 10_000 });
    expect(await rowCounts(app.knex)).toEqual({ files: 2, payments: 2 });
  });

  it('writes each payment once when the same file is sent five times at once', async () => {
    const target = await invoice(60_000);
    const xml = camtXml({
      entries: [
        { acctSvcrRef: bankRef('C1'), transactions: [{ amountCents: 60_000, reference: target.reference }] },
        { acctSvcrRef: bankRef('C2'), transactions: [{ amountCents: 100 }, { amountCents: 200 }] },
      ],
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(admin, xml)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.reduce((sum, answer) => sum + answer.body.duplicates, 0)).toBe(4 * 3);
    expect(answers.reduce((sum, answer) => sum + answer.body.matched, 0)).toBe(1);
    expect(await invoiceState(target.id)).toEqual({ status: 'paid', paidCents: 60_000 });
    expect((await rowCounts(app.knex)).payments).toBe(3);
  });

  it('reopens the invoice when the bank reverses a matched payment, and sends a reversal with no payment to review', async () => {
    const target = await invoice(45_000);
    const paid = await upload(admin, { version: '08', entries: [{ acctSvcrRef: 'P1', transactions: [{ amountCents: 45_000, reference: target.reference, acctSvcrRef: 'PAY-1' }] }] });
    expect(paid.body.matched).toBe(1);
    expect(await invoiceState(target.id)).toEqual({ status: 'paid', paidCents: 45_000 });

    const reversed = await upload(admin, {
      message: 'camt.053',
      version: '04',
      entries: [
        { acctSvcrRef: 'R1', direction: 'debit', reversal: true, transactions: [{ amountCents: 45_000, reference: target.reference, acctSvcrRef: 'REV-1' }] },
        { acctSvcrRef: 'R2', direction: 'debit', reversal: true, transactions: [{ amountCents: 1_000, reference: target.reference, acctSvcrRef: 'REV-2' }] },
      ],
    });
    expect(reversed.body).toMatchObject({ reversals: 1, matched: 0, unmatched: 1 });
    expect(await invoiceState(target.id)).toEqual({ status: 'open', paidCents: 0 });
    const list = await admin.get('/api/admin/payments', { query: { limit: 10 } });
    const byRef = Object.fromEntries(list.body.payments.map((payment: { bankReference: string }) => [payment.bankReference, payment]));
    expect(byRef['PAY-1']).toMatchObject({ status: 'matched', reversed: true });
    expect(byRef['REV-1']).toMatchObject({ status: 'matched', reversal: true, direction: 'debit', reversesPaymentId: byRef['PAY-1'].id, invoice: { id: target.id, status: 'open' } });
    expect(byRef['REV-2']).toMatchObject({ status: 'unmatched', reviewReason: 'reversal' });

    // Paid again after the reversal: the invoice is paid once more.
    await upload(admin, { entries: [{ acctSvcrRef: 'P2', transactions: [{ amountCents: 45_000, reference: target.reference, acctSvcrRef: 'PAY-2' }] }] });
    expect(await invoiceState(target.id)).toEqual({ status: 'paid', paidCents: 45_000 });
  });

  it('refuses a bad file with a French message and writes nothing, even when its first entries were good', async () => {
    const target = await invoice(10_000);
    const goodThenBad = camtXml({
      entries: [
        { acctSvcrRef: 'G1', transactions: [{ amountCents: 10_000, reference: target.reference }] },
        { acctSvcrRef: 'G2', amountCents: 100, amountText: '1,00' },
      ],
    });
    const refused = await upload(admin, goodThenBad);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Écriture 2 du fichier : montant « 1,00 » illisible (Ntry/Amt).');
    expect(await rowCounts(app.knex)).toEqual({ files: 0, payments: 0 });
    expect(await invoiceState(target.id)).toEqual({ status: 'open', paidCents: 0 });

    const pain = await upload(admin, '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>');
    expect(pain.status).toBe(400);
    expect(pain.body.message).toBe('Le fichier n’est pas un relevé camt.054 ou camt.053 (espace de noms « urn:iso:std:iso:20022:tech:xsd:pain.001.001.09 »).');
    const truncated = await upload(admin, goodThenBad.slice(0, 300));
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toMatch(/^Le fichier n’est pas un XML lisible/);
    const latin1 = await admin.request('POST', '/api/admin/bank-files', { body: Buffer.from([0x3c, 0x61, 0xe9, 0x3e]), headers: { 'content-type': 'application/xml' } });
    expect(latin1.status).toBe(400);
    expect(latin1.body.message).toBe('Le fichier n’est pas encodé en UTF-8 : ce n’est pas un relevé camt.');
    const json = await admin.post('/api/admin/bank-files', { file: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(
      'Envoyez le relevé camt.054 ou camt.053 tel que la banque le fournit (fichier XML, Content-Type: application/xml, ou un seul fichier dans un formulaire multipart/form-data).',
    );
    const empty = await admin.request('POST', '/api/admin/bank-files', { body: '', headers: { 'content-type': 'application/xml' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Le fichier est vide.');
    for (const answer of [refused, pain, truncated, latin1, json, empty]) expect(answer.text).not.toMatch(/stack|select |insert into/i);
    expect(await rowCounts(app.knex)).toEqual({ files: 0, payments: 0 });
  });

  it('lets a viewer read the payments but neither import a file nor assign a payment', async () => {
    const imported = await upload(viewer, { entries: [{ acctSvcrRef: 'V1', amountCents: 100 }] });
    expect(imported.status).toBe(403);
    expect(imported.body.message).toBe(VIEWER_FORBIDDEN_MESSAGE);
    expect(await rowCounts(app.knex)).toEqual({ files: 0, payments: 0 });
    expect((await viewer.get('/api/admin/payments')).status).toBe(200);
    expect((await app.client().get('/api/admin/payments')).status).toBe(401);
  });
});

describe('the import’s statement for many invoices', () => {
  it('gives every invoice the state billing’s markInvoicePayment gives it', async () => {
    const cases: Array<{ status: 'open' | 'paid' | 'credited' | 'scheduled'; total: number; paid: number; delta: number }> = [
      { status: 'open', total: 1_000, paid: 0, delta: 1_000 },
      { status: 'open', total: 1_000, paid: 0, delta: 400 },
      { status: 'open', total: 1_000, paid: 600, delta: 400 },
      { status: 'open', total: 1_000, paid: 0, delta: 1_500 },
      { status: 'paid', total: 1_000, paid: 1_000, delta: -1_000 },
      { status: 'paid', total: 1_000, paid: 1_000, delta: -300 },
      { status: 'paid', total: 1_000, paid: 1_000, delta: 200 },
      { status: 'open', total: 1_000, paid: 100, delta: -500 },
      { status: 'credited', total: 1_000, paid: 0, delta: 1_000 },
      { status: 'scheduled', total: 1_000, paid: 0, delta: 300 },
      { status: 'scheduled', total: 1_000, paid: 0, delta: 1_000 },
    ];
    const states = async (ids: number[]) =>
      (await app.knex('invoices').whereIn('id', ids).orderBy('id').select('status', 'paidCents', 'paidAt')).map((row: { status: string; paidCents: number; paidAt: Date | null }) => ({
        status: row.status,
        paidCents: Number(row.paidCents),
        paid: row.paidAt !== null,
      }));
    const one: number[] = [];
    const many: number[] = [];
    for (const each of cases) {
      for (const list of [one, many]) {
        const created = await invoice(each.total, { status: each.status, paidCents: each.paid });
        if (each.status === 'paid')
          await app
            .knex('invoices')
            .where({ id: created.id })
            .update({ paidAt: new Date('2027-01-20T10:00:00Z') });
        list.push(created.id);
      }
    }
    await app.knex.transaction(async (trx) => {
      for (const [index, each] of cases.entries()) await markInvoicePayment(trx, one[index]!, each.delta);
    });
    await app.knex.transaction((trx) =>
      markInvoicePayments(
        trx,
        cases.map((each, index) => ({ id: many[index]!, deltaCents: each.delta })),
      ),
    );
    const expected = await states(one);
    expect(await states(many)).toEqual(expected);
    expect(expected.map((state) => state.status)).toEqual(['paid', 'open', 'paid', 'paid', 'open', 'open', 'paid', 'open', 'credited', 'scheduled', 'paid']);
    // A paid invoice that stays paid keeps the day it was paid.
    const kept = await app.knex('invoices').whereIn('id', [one[6], many[6]]).select('paidAt');
    expect(kept.map((row: { paidAt: Date }) => new Date(row.paidAt).toISOString())).toEqual(['2027-01-20T10:00:00.000Z', '2027-01-20T10:00:00.000Z']);
  });
});

describe('PATCH /api/admin/payments/{id}', () => {
  async function waiting(amountCents: number, acctSvcrRef: string, currency = 'CHF'): Promise<number> {
    await upload(admin, { entries: [{ acctSvcrRef, currency, transactions: [{ amountCents, name: 'Anne Sansref', acctSvcrRef }] }] });
    return (await app.knex('payments').where({ acctSvcrRef }).first('id')).id;
  }

  it('assigns a payment under review to an invoice, once, and audits it', async () => {
    const target = await invoice(30_000);
    const first = await waiting(10_000, 'W1');
    const second = await waiting(20_000, 'W2');
    const partial = await admin.patch(`/api/admin/payments/${first}`, { invoiceId: target.id });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ id: first, status: 'partial', reviewReason: null, invoice: { id: target.id, status: 'open', paidCents: 10_000, totalCents: 30_000 } });
    const rest = await admin.patch(`/api/admin/payments/${second}`, { invoiceId: target.id });
    expect(rest.body).toMatchObject({ status: 'matched', invoice: { status: 'paid', paidCents: 30_000 } });
    expect(await invoiceState(target.id)).toEqual({ status: 'paid', paidCents: 30_000 });

    const again = await admin.patch(`/api/admin/payments/${second}`, { invoiceId: target.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ce paiement a déjà été rapproché ou mis de côté : il ne peut plus être attribué.');
    expect(await invoiceState(target.id)).toEqual({ status: 'paid', paidCents: 30_000 });
    const events = await app.knex('audit_events').where({ type: 'payment_assigned' }).orderBy('id');
    expect(events.map((event: { details: object }) => event.details)).toEqual([
      { paymentId: first, invoiceId: target.id, ignored: false },
      { paymentId: second, invoiceId: target.id, ignored: false },
    ]);
  });

  it('sets a payment aside, and refuses what cannot be assigned with a French message', async () => {
    const target = await invoice(30_000);
    const closed = await invoice(30_000, { status: 'credited' });
    const aside = await waiting(500, 'W3');
    const ignored = await admin.patch(`/api/admin/payments/${aside}`, { status: 'ignored' });
    expect(ignored.body).toMatchObject({ status: 'ignored', reviewReason: null, invoice: null });
    expect((await admin.get('/api/admin/payments', { query: { status: 'unmatched' } })).body.pagination.total).toBe(0);

    const euros = await waiting(500, 'W4', 'EUR');
    const foreign = await admin.patch(`/api/admin/payments/${euros}`, { invoiceId: target.id });
    expect(foreign.status).toBe(409);
    expect(foreign.body.message).toBe('Seul un versement reçu (crédit) en francs suisses peut être attribué à une facture.');

    const other = await waiting(500, 'W5');
    const toClosed = await admin.patch(`/api/admin/payments/${other}`, { invoiceId: closed.id });
    expect(toClosed.status).toBe(409);
    expect(toClosed.body.message).toBe('Cette facture est soldée par une note de crédit : elle ne peut plus recevoir de paiement.');
    const unknownInvoice = await admin.patch(`/api/admin/payments/${other}`, { invoiceId: 2_000_000_000 });
    expect(unknownInvoice.status).toBe(400);
    expect(unknownInvoice.body.errors).toEqual([{ path: 'invoiceId', message: 'Cette facture n’existe pas.' }]);
    const neither = await admin.patch(`/api/admin/payments/${other}`, {});
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0]).toEqual({ path: 'invoiceId', message: 'Indiquez la facture à laquelle attribuer le paiement (son numéro, ex. 2027-0001), ou ignorez-le.' });
    const badId = await admin.patch(`/api/admin/payments/${other}`, { invoiceId: 'abc' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0].message).toBe('La facture doit être désignée par son numéro interne (un nombre entier).');
    const missing = await admin.patch('/api/admin/payments/999999', { status: 'ignored' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Ce paiement n’existe pas.');
    const byViewer = await viewer.patch(`/api/admin/payments/${other}`, { status: 'ignored' });
    expect(byViewer.status).toBe(403);
    expect(await invoiceState(target.id)).toEqual({ status: 'open', paidCents: 0 });
  });

  it('rejects an unknown status filter with a French message', async () => {
    const response = await admin.get('/api/admin/payments', { query: { status: 'paid' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({ path: 'status', message: "Le statut doit être l'une des valeurs suivantes : Rapproché, Paiement partiel, À vérifier, Ignoré." });
  });
});
