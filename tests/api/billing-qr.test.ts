/**
 * The QR code of a generated invoice, read back from its PDF (tests/support/qr-bill.ts) and checked
 * field by field against the Swiss Implementation Guidelines for the QR-bill, version 2.3, section 4.3
 * (data elements in the QR code): with a QR-IBAN and a QR reference, and with an ordinary IBAN and an
 * ISO 11649 creditor reference. Addresses are structured (type S); the invoice number is the
 * unstructured message.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { createInvoicesForAcceptedOffer } from '../../api/features/billing/index.ts';
import { setUpAppWithUsers, type AppWithUsers } from './harness.ts';
import { acceptedOffer, billingSettings, PLAIN_IBAN, QR_IBAN } from './billing-fixture.ts';
import { readQrPayload } from '../support/qr-bill.ts';

let ctx: AppWithUsers;
setUpAppWithUsers(['emails', 'creditNotes', 'invoices', 'documentCounters', 'leads'], (users) => (ctx = users));

let leadId: number;
beforeEach(async () => {
  const [row] = await ctx.app.knex('leads').insert({ firstName: 'Anne-Sophie', lastName: 'Favre', email: 'anne-sophie@example.ch' }).returning('id');
  leadId = row.id;
});

async function invoicePayload(iban: string): Promise<{ lines: string[]; invoice: { number: string; reference: string } }> {
  expect((await ctx.admin.request('PUT', '/api/admin/billing-settings', { json: billingSettings(iban) })).status).toBe(200);
  const { invoiceIds } = await ctx.app.knex.transaction((trx) => createInvoicesForAcceptedOffer(trx, acceptedOffer(leadId)));
  const pdf = await fetch(`${ctx.app.url}/api/admin/invoices/${invoiceIds[0]}/pdf`, { headers: { cookie: ctx.admin.cookieHeader } });
  expect(pdf.status).toBe(200);
  const invoice = await ctx.app.knex('invoices').where({ id: invoiceIds[0] }).first('number', 'reference');
  // Lines are separated by CR LF or LF (section 4.1.4).
  return { lines: (await readQrPayload(Buffer.from(await pdf.arrayBuffer()))).split(/\r?\n/), invoice };
}

/** Header, creditor, (empty) ultimate creditor, amount, debtor: elements 1 to 27 of section 4.3. */
function expectCommonFields(lines: string[], iban: string) {
  expect(lines.slice(0, 3)).toEqual(['SPC', '0200', '1']); // QRType, Version, Coding type (UTF-8)
  expect(lines[3]).toBe(iban); // CdtrInf.IBAN: 21 characters, CH or LI
  expect(lines[3]).toMatch(/^(CH|LI)\d{19}$/);
  // Cdtr: address type S (structured), name, street, building number, postal code, town, country.
  expect(lines.slice(4, 11)).toEqual(['S', 'Clairval Inner Circle Sàrl', 'Rue du Marché', '12', '1204', 'Genève', 'CH']);
  // UltmtCdtr: for future use, all seven fields empty.
  expect(lines.slice(11, 18)).toEqual(['', '', '', '', '', '', '']);
  // CcyAmt: the amount with two decimals and a point, then the currency.
  expect(lines[18]).toBe('4864.50');
  expect(lines[19]).toBe('CHF');
  // UltmtDbtr: structured too.
  expect(lines.slice(20, 27)).toEqual(['S', 'Anne-Sophie Favre', 'Avenue de la Gare', '5', '1003', 'Lausanne', 'CH']);
}

describe('the QR code of an invoice', () => {
  it('with a QR-IBAN carries a QR reference (27 digits, modulo-10 recursive check digit)', async () => {
    const { lines, invoice } = await invoicePayload(QR_IBAN);
    expect(Number(QR_IBAN.slice(4, 9))).toBeGreaterThanOrEqual(30000);
    expectCommonFields(lines, QR_IBAN);
    expect(lines[27]).toBe('QRR'); // RmtInf.Tp
    expect(lines[28]).toBe(invoice.reference); // RmtInf.Ref
    expect(lines[28]).toMatch(/^\d{27}$/);
    expect(isQRReferenceValid(lines[28]!)).toBe(true);
    expect(lines[29]).toBe(`Facture ${invoice.number}`); // AddInf.Ustrd, at most 140 characters
    expect(lines[30]).toBe('EPD'); // AddInf.Trailer
    expect(lines).toHaveLength(31); // no billing information, no alternative procedures
  });

  it('with an ordinary IBAN carries an ISO 11649 creditor reference', async () => {
    const { lines, invoice } = await invoicePayload(PLAIN_IBAN);
    expect(Number(PLAIN_IBAN.slice(4, 9))).toBeLessThan(30000);
    expectCommonFields(lines, PLAIN_IBAN);
    expect(lines[27]).toBe('SCOR');
    expect(lines[28]).toBe(invoice.reference);
    expect(lines[28]).toMatch(/^RF\d{2}[0-9A-Z]{1,21}$/);
    expect(isSCORReferenceValid(lines[28]!)).toBe(true);
    expect(lines[29]).toBe(`Facture ${invoice.number}`);
    expect(lines[30]).toBe('EPD');
    expect(lines).toHaveLength(31);
  });
});
