/**
 * The bank file sent as a browser's upload (decision 142): POST /api/admin/bank-files with
 * `multipart/form-data` gives what the same camt file gives as the XML body (the same counts, the same
 * invoices paid, the same file recognised again as duplicates), and every mistake of the form is a
 * French 400 or 413 that writes nothing: no file, two files, a file that is not XML, a broken form,
 * a file over the limit; a viewer's upload is refused as the XML body is.
 */
import { describe, expect, it } from 'vitest';
import { VIEWER_FORBIDDEN_MESSAGE } from '../../api/platform/http/auth.ts';
import { BANK_FILE_LIMIT_BYTES } from '../../api/features/payments/routes.ts';
import { camtXml } from '../support/camt.ts';
import type { TestApp, TestClient } from './harness.ts';
import { insertInvoice, rowCounts, setUpPaymentsApp } from './payments-fixture.ts';

let app: TestApp;
let admin: TestClient;
let viewer: TestClient;
setUpPaymentsApp({ admin: 'envoi@example.ch', viewer: 'regard@example.ch' }, (started) => ({ app, admin, viewer } = started));

const EXACT_REF = '210000000003139471430009017';
const PARTIAL_REF = '210000000003139471430009025';

/** Two open invoices (1'000.00 and 500.00) whose QR references the file below pays. */
async function openInvoices(): Promise<number[]> {
  const [lead] = await app.knex('leads').insert({ firstName: 'Lou', lastName: 'Envoi', email: 'lou.envoi@example.ch', type: 'contact', source: 'form' }).returning('id');
  const ids: number[] = [];
  for (const [index, [reference, totalCents]] of (
    [
      [EXACT_REF, 100_000],
      [PARTIAL_REF, 50_000],
    ] as const
  ).entries()) {
    ids.push(await insertInvoice(app.knex, { leadId: lead.id, number: `2027-010${index}`, reference, totalCents, debtorName: 'Lou Envoi' }));
  }
  return ids;
}

const STATEMENT = camtXml({
  message: 'camt.054',
  version: '08',
  entries: [
    { acctSvcrRef: 'UP-E1', transactions: [{ amountCents: 100_000, reference: EXACT_REF, name: 'Lou Envoi', acctSvcrRef: 'UP-T1' }] },
    { acctSvcrRef: 'UP-E2', transactions: [{ amountCents: 20_000, reference: PARTIAL_REF, name: 'Lou Envoi', acctSvcrRef: 'UP-T2' }] },
    { acctSvcrRef: 'UP-E3', transactions: [{ amountCents: 7_500, reference: null, name: 'Sans Référence', acctSvcrRef: 'UP-T3' }] },
  ],
});

interface Part {
  field: string;
  content: string | Uint8Array<ArrayBuffer>;
  type?: string;
  filename?: string;
}

/** The body and Content-Type a browser sends for a form with these parts (a part with a file name is a file). */
async function multipart(parts: Part[]): Promise<{ body: Uint8Array; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.field, String(part.content));
    else form.append(part.field, new Blob([part.content], { type: part.type ?? '' }), part.filename);
  }
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

async function uploadForm(client: TestClient, parts: Part[]) {
  const { body, contentType } = await multipart(parts);
  return client.request('POST', '/api/admin/bank-files', { body, headers: { 'content-type': contentType } });
}

const statementPart = (type = 'text/xml', filename = 'camt054-2027-01-15.xml'): Part => ({ field: 'file', content: STATEMENT, type, filename });

async function stateOfInvoices(ids: number[]): Promise<{ status: string; paidCents: number }[]> {
  const rows = await app.knex('invoices').whereIn('id', ids).orderBy('id').select('status', 'paidCents');
  return rows.map((row) => ({ status: row.status, paidCents: Number(row.paidCents) }));
}

describe('POST /api/admin/bank-files as a multipart upload', () => {
  it('gives the same answer and the same payments as the XML body, and knows the file again either way', async () => {
    const rawIds = await openInvoices();
    const raw = await admin.request('POST', '/api/admin/bank-files', { body: STATEMENT, headers: { 'content-type': 'application/xml' } });
    expect(raw.status).toBe(200);
    const rawState = await stateOfInvoices(rawIds);
    expect(rawState).toEqual([
      { status: 'paid', paidCents: 100_000 },
      { status: 'open', paidCents: 20_000 },
    ]);
    expect(await rowCounts(app.knex)).toEqual({ files: 1, payments: 3 });
    const matchedOnly = await viewer.get('/api/admin/payments', { query: { status: 'matched' } });
    expect(matchedOnly.body.payments.map((payment: { bankReference: string; status: string }) => [payment.bankReference, payment.status])).toEqual([['UP-T1', 'matched']]);
    // The upload after the body: the bank's references are the same, so nothing is paid twice.
    const again = await uploadForm(admin, [statementPart()]);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ entries: 3, transactions: 3, matched: 0, partial: 0, unmatched: 0, duplicates: 3 });
    expect(await stateOfInvoices(rawIds)).toEqual(rawState);

    await app.emptyTables('payments', 'bank_files', 'credit_notes', 'invoices', 'leads');
    const uploadIds = await openInvoices();
    const uploaded = await uploadForm(admin, [{ field: 'note', content: 'janvier' }, statementPart()]);
    expect(uploaded.status).toBe(200);
    const { fileId: rawFileId, ...rawCounts } = raw.body;
    const { fileId: uploadFileId, ...uploadCounts } = uploaded.body;
    expect(uploadFileId).toEqual(expect.any(Number));
    expect(rawFileId).toEqual(expect.any(Number));
    expect(uploadCounts).toEqual(rawCounts);
    expect(uploadCounts).toMatchObject({ message: 'camt.054', version: '08', entries: 3, matched: 1, partial: 1, unmatched: 1, duplicates: 0 });
    expect(await stateOfInvoices(uploadIds)).toEqual(rawState);
    const audit = await app.knex('audit_events').where({ type: 'bank_file_imported' }).orderBy('id', 'desc').first();
    expect(audit.details).toMatchObject({ fileId: uploadFileId, matched: 1, partial: 1, unmatched: 1 });
  });

  it('takes the file a browser types as application/octet-stream when its name ends in .xml', async () => {
    await openInvoices();
    const response = await uploadForm(admin, [statementPart('application/octet-stream', 'RELEVE.XML')]);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ matched: 1, partial: 1, unmatched: 1 });
  });

  it('refuses a form without a file, with two files, with another type or broken, in French, writing nothing', async () => {
    const ids = await openInvoices();
    const noFile = await uploadForm(admin, [{ field: 'note', content: 'janvier' }]);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Aucun fichier reçu : joignez le relevé camt.054 ou camt.053 (fichier XML) au formulaire.');

    const two = await uploadForm(admin, [statementPart(), statementPart('text/xml', 'camt054-2027-01-16.xml')]);
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('Un seul relevé à la fois : le formulaire contenait plusieurs fichiers.');

    const pdf = await uploadForm(admin, [{ field: 'file', content: '%PDF-1.7', type: 'application/pdf', filename: 'releve.pdf' }]);
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toBe('Le fichier joint n’est pas un fichier XML : joignez le relevé camt.054 ou camt.053 tel que la banque le fournit.');
    const octetPdf = await uploadForm(admin, [{ field: 'file', content: '%PDF-1.7', type: 'application/octet-stream', filename: 'releve.pdf' }]);
    expect(octetPdf.status).toBe(400);
    expect(octetPdf.body.message).toBe(pdf.body.message);

    const empty = await uploadForm(admin, [{ field: 'file', content: '', type: 'text/xml', filename: 'vide.xml' }]);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Le fichier est vide.');

    const noBoundary = await admin.request('POST', '/api/admin/bank-files', { body: STATEMENT, headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.message).toBe('Le formulaire envoyé est illisible (multipart/form-data incomplet ou sans délimiteur).');
    const { body, contentType } = await multipart([statementPart()]);
    const cut = await admin.request('POST', '/api/admin/bank-files', { body: body.slice(0, body.length - 60), headers: { 'content-type': contentType } });
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe('Le formulaire envoyé est illisible (multipart/form-data incomplet ou sans délimiteur).');

    const notCamt = await uploadForm(admin, [{ field: 'file', content: '<?xml version="1.0"?><facture/>', type: 'text/xml', filename: 'facture.xml' }]);
    expect(notCamt.status).toBe(400);
    expect(notCamt.body.message).toMatch(/^Le fichier n’est pas un relevé camt\.054 ou camt\.053/);

    for (const answer of [noFile, two, pdf, octetPdf, empty, noBoundary, cut, notCamt]) expect(answer.text).not.toMatch(/stack|select |insert into/i);
    expect(await rowCounts(app.knex)).toEqual({ files: 0, payments: 0 });
    expect(await stateOfInvoices(ids)).toEqual([
      { status: 'open', paidCents: 0 },
      { status: 'open', paidCents: 0 },
    ]);
  });

  it('refuses a file over the limit with 413 while it streams, and still answers the next request', async () => {
    const tooLarge = new Uint8Array(BANK_FILE_LIMIT_BYTES + 1).fill(0x20);
    const response = await uploadForm(admin, [{ field: 'file', content: tooLarge, type: 'application/xml', filename: 'enorme.xml' }]);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('Le fichier est trop volumineux (32 Mo au maximum) : importez les relevés un par un.');
    expect(await rowCounts(app.knex)).toEqual({ files: 0, payments: 0 });
    expect((await admin.get('/api/admin/payments')).status).toBe(200);
  }, 120_000);

  it('refuses a viewer’s upload before reading it', async () => {
    const response = await uploadForm(viewer, [statementPart()]);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(VIEWER_FORBIDDEN_MESSAGE);
    expect(await rowCounts(app.knex)).toEqual({ files: 0, payments: 0 });
  });
});
