/**
 * Accounting records are kept ten years counted from the end of the (Swiss, calendar) year they were made
 * in (CO art. 958f, decisions 127 and 143), then the retention run destroys them.
 * - Kept: a client silent for years is erased by the weekly run, but the invoice issued nine years and
 *   eleven months ago, its credit note, the payments the bank reported for it (and one never matched), the
 *   bank file they came from and the stored PDF all stay, with what bookkeeping needs of the contact (the
 *   name and billing address written on the invoice, the payer's name from the bank). A second run changes
 *   nothing more. Records of 1 January of the year ten years back (whose ten years end on 31 December of this
 *   year) stay too.
 * - Destroyed: records made on 31 December eleven years back (their ten years ended on 31 December last
 *   year), the invoice with its credit note and payment; an unmatched payment and the bank file by their own
 *   dates. Dates are computed from the current Swiss year, so the tests hold on any day.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { runRetention } from '../../api/features/privacy/retention.ts';
import { camtXml } from '../support/camt.ts';
import { setUpAppWithUsers, type AppWithUsers } from './harness.ts';
import { contactWithInvoice } from './billing-fixture.ts';

let ctx: AppWithUsers;
setUpAppWithUsers(['emails', 'payments', 'bankFiles', 'creditNotes', 'invoices', 'documentCounters', 'activities', 'leads', 'auditEvents'], (users) => (ctx = users));

const PERSON = { firstName: 'Anne-Sophie', lastName: 'Favre', email: 'anne-sophie.favre@retention-rare.ch' };
const AGE = '9 years 11 months';
let leadId: number;
let invoiceId: number;

/** Every row of the sale dated AGE ago (the contact and its e-mails and activities too: nothing recent keeps it). */
async function ageEverything(): Promise<void> {
  const knex = ctx.app.knex;
  const ago = knex.raw(`now() - interval '${AGE}'`);
  const dayAgo = knex.raw(`(current_date - interval '${AGE}')::date`);
  await knex('leads').where({ id: leadId }).update({ createdAt: ago, updatedAt: ago });
  await knex('activities').update({ createdAt: ago, updatedAt: ago });
  await knex('emails').update({ createdAt: ago, status: 'sent' });
  await knex('offers').update({ createdAt: ago });
  await knex('invoices').update({ createdAt: ago, issuedOn: dayAgo, dueOn: dayAgo, serviceStartOn: dayAgo });
  await knex('creditNotes').update({ createdAt: ago });
  await knex('payments').update({ createdAt: ago, bookingDate: dayAgo });
  await knex('bankFiles').update({ importedAt: ago });
}

async function accountingRows() {
  const knex = ctx.app.knex;
  return {
    invoices: await knex('invoices')
      .orderBy('id')
      .select('id', 'number', 'leadId', 'debtorName', 'debtorStreet', 'debtorPostalCode', 'debtorTown', 'totalCents', 'paidCents', 'status', knex.raw('pdf is not null as "hasPdf"')),
    creditNotes: await knex('creditNotes').orderBy('id').select('id', 'number', 'invoiceId', 'amountCents', 'reason'),
    payments: await knex('payments').orderBy('id').select('id', 'invoiceId', 'status', 'amountCents', 'debtorName', 'acctSvcrRef'),
    bankFiles: await knex('bankFiles').orderBy('id').select('id', 'sha256'),
  };
}

/** The current year in Switzerland, the year the retention run counts the ten years from. */
function swissYear(): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date()));
}

/** Dates the sale on one Swiss day (invoice, credit note, matched payment), the unmatched payment and the bank file on theirs. */
async function dateSale(day: string, { unmatchedOn = day, creditNoteAt = `${day}T12:00:00+01:00` }: { unmatchedOn?: string; creditNoteAt?: string } = {}) {
  const knex = ctx.app.knex;
  const bankFileAt = `${unmatchedOn}T18:00:00+01:00`;
  await knex('invoices').update({ createdAt: `${day}T09:00:00+01:00`, issuedOn: day, dueOn: day, serviceStartOn: day });
  await knex('creditNotes').update({ createdAt: creditNoteAt });
  await knex('payments').whereNotNull('invoiceId').update({ bookingDate: day });
  await knex('payments').whereNull('invoiceId').update({ bookingDate: unmatchedOn });
  await knex('bankFiles').update({ importedAt: bankFileAt });
}

async function destructionEvents() {
  return (await ctx.app.knex('auditEvents').where({ type: 'accounting_records_destroyed' }).orderBy('id')).map((event) => event.details);
}

beforeEach(async () => {
  ({ leadId, invoiceId } = await contactWithInvoice(ctx, PERSON));
  const { reference } = await ctx.app.knex('invoices').where({ id: invoiceId }).first('reference');
  const statement = camtXml({
    entries: [
      { acctSvcrRef: 'RET-E1', transactions: [{ amountCents: 486_450, reference, name: 'Anne-Sophie Favre', acctSvcrRef: 'RET-T1' }] },
      { acctSvcrRef: 'RET-E2', transactions: [{ amountCents: 2_500, reference: null, name: 'Payeur Inconnu', acctSvcrRef: 'RET-T2' }] },
    ],
  });
  const imported = await ctx.admin.request('POST', '/api/admin/bank-files', { body: statement, headers: { 'content-type': 'application/xml' } });
  expect(imported.body).toMatchObject({ matched: 1, unmatched: 1 });
  expect((await ctx.admin.post(`/api/admin/invoices/${invoiceId}/credit-notes`, { amountCents: 10_000, reason: 'Geste commercial' })).status).toBe(201);
});

describe('retention and the accounting records', () => {
  it('erases a client silent for years but keeps the invoice, credit note, payments and bank file of nine years and eleven months', async () => {
    await ageEverything();
    const before = await accountingRows();
    expect(before.invoices).toEqual([
      expect.objectContaining({
        id: invoiceId,
        leadId,
        debtorName: 'Anne-Sophie Favre',
        debtorStreet: 'Avenue de la Gare',
        debtorTown: 'Lausanne',
        totalCents: 486_450,
        paidCents: 486_450,
        status: 'paid',
        hasPdf: true,
      }),
    ]);
    expect(before.creditNotes).toEqual([expect.objectContaining({ invoiceId, amountCents: 10_000, reason: 'Geste commercial' })]);
    expect(before.payments.map((payment) => [payment.acctSvcrRef, payment.status, payment.invoiceId, payment.debtorName])).toEqual([
      ['RET-T1', 'matched', invoiceId, 'Anne-Sophie Favre'],
      ['RET-T2', 'unmatched', null, 'Payeur Inconnu'],
    ]);
    expect(before.bankFiles).toHaveLength(1);

    expect((await runRetention(ctx.app.knex, { months: 24, emailBodyDays: 90 })).leadsErased).toBe(1);
    expect(await ctx.app.knex('leads').where({ id: leadId }).first()).toBeUndefined();
    // The same records, only detached from the erased contact.
    const after = await accountingRows();
    expect(after).toEqual({ ...before, invoices: before.invoices.map((invoice) => ({ ...invoice, leadId: null })) });
    const audit = await ctx.app.knex('auditEvents').where({ type: 'lead_erased' }).first();
    expect(audit.details).toEqual({ leadId, reason: 'retention' });

    // The next weekly run finds nothing else to destroy.
    expect(await runRetention(ctx.app.knex, { months: 24, emailBodyDays: 90 })).toEqual({ leadsErased: 0, emailBodiesEmptied: 0, accountingRecordsDestroyed: 0 });
    expect(await accountingRows()).toEqual(after);
  });

  it('keeps the records of ten years less a day when the contact was erased by hand before', async () => {
    await ageEverything();
    const before = await accountingRows();
    const erased = await ctx.admin.post(`/api/admin/leads/${leadId}/erase`, { confirmEmail: PERSON.email });
    expect(erased.status).toBe(200);
    expect(erased.body.kept.map((kept: { table: string; count: number }) => [kept.table, kept.count])).toEqual([
      ['invoices', 1],
      ['credit_notes', 1],
      ['payments', 1],
    ]);
    const tenYearsLessADay = ctx.app.knex.raw(`now() - interval '10 years' + interval '1 day'`);
    await ctx.app.knex('invoices').update({ createdAt: tenYearsLessADay });
    await ctx.app.knex('creditNotes').update({ createdAt: tenYearsLessADay });
    await ctx.app.knex('payments').update({ createdAt: tenYearsLessADay });
    await ctx.app.knex('bankFiles').update({ importedAt: tenYearsLessADay });
    await runRetention(ctx.app.knex, { months: 24, emailBodyDays: 90 });
    expect(await accountingRows()).toEqual({ ...before, invoices: before.invoices.map((invoice) => ({ ...invoice, leadId: null })) });
  });

  it('destroys the invoice of 31 December eleven years back with its credit note and payment; the unmatched payment and the bank file go by their own dates', async () => {
    const year = swissYear();
    await ageEverything();
    await dateSale(`${year - 11}-12-31`, { unmatchedOn: `${year - 10}-01-01` });
    const counters = await ctx.app.knex('documentCounters').orderBy(['kind', 'year']);
    expect(counters.length).toBeGreaterThan(0);

    expect(await runRetention(ctx.app.knex, { months: 24, emailBodyDays: 90 })).toEqual({ leadsErased: 1, emailBodiesEmptied: 0, accountingRecordsDestroyed: 3 });
    const after = await accountingRows();
    expect(after.invoices).toEqual([]);
    expect(after.creditNotes).toEqual([]);
    expect(after.payments.map((payment) => [payment.acctSvcrRef, payment.status, payment.invoiceId, payment.debtorName])).toEqual([['RET-T2', 'unmatched', null, 'Payeur Inconnu']]);
    expect(after.bankFiles).toHaveLength(1);
    // Counts only: no name, no number, no amount.
    expect(await destructionEvents()).toEqual([{ invoices: 1, creditNotes: 1, payments: 1, bankFiles: 0, madeBefore: `${year - 10}-01-01` }]);
    // The numbers given stay given: the next invoice of those years could never reuse one.
    expect(await ctx.app.knex('documentCounters').orderBy(['kind', 'year'])).toEqual(counters);

    // Once the unmatched payment is past its ten years too, it goes, and the bank file with its last payment.
    await ctx.app.knex('payments').update({ bookingDate: `${year - 11}-12-31` });
    expect((await runRetention(ctx.app.knex, { months: 24, emailBodyDays: 90 })).accountingRecordsDestroyed).toBe(2);
    expect(await accountingRows()).toEqual({ invoices: [], creditNotes: [], payments: [], bankFiles: [] });
    expect((await destructionEvents())[1]).toEqual({ invoices: 0, creditNotes: 0, payments: 1, bankFiles: 1, madeBefore: `${year - 10}-01-01` });

    expect(await runRetention(ctx.app.knex, { months: 24, emailBodyDays: 90 })).toEqual({ leadsErased: 0, emailBodiesEmptied: 0, accountingRecordsDestroyed: 0 });
    expect(await destructionEvents()).toHaveLength(2);
  });

  it('keeps the records of 1 January ten years back, and an invoice of 31 December eleven years back whose credit note is of 1 January', async () => {
    const year = swissYear();
    await dateSale(`${year - 10}-01-01`);
    const before = await accountingRows();
    expect(await runRetention(ctx.app.knex, { months: 24, emailBodyDays: 90 })).toEqual({ leadsErased: 0, emailBodiesEmptied: 0, accountingRecordsDestroyed: 0 });
    expect(await accountingRows()).toEqual(before);

    // 00:30 on 1 January in Switzerland is still 31 December in UTC: the Swiss date counts, and the invoice stays with its credit note.
    await dateSale(`${year - 11}-12-31`, { unmatchedOn: `${year - 10}-01-01`, creditNoteAt: `${year - 10}-01-01T00:30:00+01:00` });
    expect(await runRetention(ctx.app.knex, { months: 24, emailBodyDays: 90 })).toEqual({ leadsErased: 0, emailBodiesEmptied: 0, accountingRecordsDestroyed: 0 });
    expect(await accountingRows()).toEqual(before);
    expect(await destructionEvents()).toEqual([]);
  });
});
