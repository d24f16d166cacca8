// What the bank-file tests share: the app with a bookkeeper and a viewer, invoices as billing stores them, a camt upload.
import { camtXml, type CamtFileSpec } from '../support/camt.ts';
import type { TestApp, TestClient } from './harness.ts';
import { insertInvoice, setUpPaymentsApp } from './payments-fixture.ts';

export let app: TestApp;
export let admin: TestClient;
export let viewer: TestClient;

/** Starts the app for the calling test file, signed in as a bookkeeper and as a viewer. */
export function setUpBankFilesApp(): void {
  setUpPaymentsApp({ admin: 'compta@example.ch', viewer: 'lecture@example.ch' }, (started) => ({ app, admin, viewer } = started));
}

let invoiceSerial = 0;
/** A QR reference of 27 digits, unique in the run (the check digit is not what matching looks at). */
function qrReference(): string {
  invoiceSerial += 1;
  return `${String(process.pid).padStart(8, '0')}${String(invoiceSerial).padStart(19, '0')}`.slice(-27);
}

/** An issued invoice as billing stores it. */
export async function invoice(totalCents: number, options: { status?: 'open' | 'paid' | 'credited' | 'scheduled'; paidCents?: number } = {}): Promise<{ id: number; reference: string }> {
  const [lead] = await app
    .knex('leads')
    .insert({ firstName: 'Zoé', lastName: 'Payeuse', email: `payeuse-${invoiceSerial + 1}@example.ch`, type: 'contact', source: 'form' })
    .returning('id');
  const reference = qrReference();
  const number = `2027-${String(invoiceSerial).padStart(4, '0')}`;
  const id = await insertInvoice(app.knex, { leadId: lead.id, number, reference, totalCents, debtorName: 'Zoé Payeuse', status: options.status, paidCents: options.paidCents });
  return { id, reference };
}

export async function invoiceState(id: number): Promise<{ status: string; paidCents: number }> {
  const row = await app.knex('invoices').where({ id }).first('status', 'paidCents');
  return { status: row.status, paidCents: Number(row.paidCents) };
}

export function upload(client: TestClient, spec: CamtFileSpec | string) {
  const body = typeof spec === 'string' ? spec : camtXml(spec);
  return client.request('POST', '/api/admin/bank-files', { body, headers: { 'content-type': 'application/xml' } });
}
