// POST /api/admin/bank-files (decision 133): camt files matched to invoices by reference, duplicates, reversals, a bad file refused with nothing written, viewers read only.
import { describe, expect, it } from 'vitest';
import { VIEWER_FORBIDDEN_MESSAGE } from '../../api/platform/http/auth.ts';
import { bankRef, camtXml, type CamtFileSpec } from '../support/camt.ts';
import { rowCounts } from './payments-fixture.ts';
import { admin, app, invoice, invoiceState, setUpBankFilesApp, upload, viewer } from './payments-bank-files-support.ts';

setUpBankFilesApp();

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
