/** What the bank-file tests share: an app with an administrator and a viewer, invoices as billing stores them, and the rows an import writes. */
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';

export interface PaymentsApp {
  app: TestApp;
  admin: TestClient;
  viewer: TestClient;
}

/** One app for the file; before each test, no payment, bank file, invoice or contact left. */
export function setUpPaymentsApp(users: { admin: string; viewer: string }, ready: (started: PaymentsApp) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp();
    const admin = await app.signIn({ email: users.admin, firstName: 'Claire', lastName: 'Compta' });
    const viewer = await app.signIn({ email: users.viewer, role: 'viewer' });
    ready({ app, admin, viewer });
  });
  afterAll(() => app?.close());
  beforeEach(() => app!.emptyTables('payments', 'bank_files', 'credit_notes', 'invoices', 'leads'));
}

/** An issued invoice of `totalCents` without VAT, as billing stores it, paid into SIX's example QR-IBAN. */
export async function insertInvoice(
  knex: Knex,
  invoice: { leadId: number; number: string; reference: string; totalCents: number; debtorName: string; status?: string; paidCents?: number },
): Promise<number> {
  const [row] = await knex('invoices')
    .insert({
      number: invoice.number,
      leadId: invoice.leadId,
      debtorName: invoice.debtorName,
      debtorStreet: 'Rue du Lac',
      debtorBuildingNumber: '12',
      debtorPostalCode: '1003',
      debtorTown: 'Lausanne',
      debtorCountry: 'CH',
      lines: JSON.stringify([{ label: 'Accompagnement', quantity: 1, unitPriceCents: invoice.totalCents }]),
      netCents: invoice.totalCents,
      vatCents: 0,
      totalCents: invoice.totalCents,
      vatRateBasisPoints: null,
      reference: invoice.reference,
      iban: 'CH4431999123000889012',
      issuedOn: '2027-01-04',
      dueOn: '2027-02-03',
      status: invoice.status ?? 'open',
      paidCents: invoice.paidCents ?? 0,
    })
    .returning('id');
  return row.id;
}

/** How many bank files and payments the imports wrote. */
export async function rowCounts(knex: Knex): Promise<{ files: number; payments: number }> {
  const [files] = await knex('bank_files').count({ n: '*' });
  const [payments] = await knex('payments').count({ n: '*' });
  return { files: Number(files!.n), payments: Number(payments!.n) };
}
