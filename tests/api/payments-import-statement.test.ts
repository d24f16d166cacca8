// The bank-file import's single statement for many invoices (decision 133) leaves each invoice as billing's markInvoicePayment does.
import { describe, expect, it } from 'vitest';
import { markInvoicePayment } from '../../api/features/billing/index.ts';
import { markInvoicePayments } from '../../api/features/payments/import.ts';
import { app, invoice, setUpBankFilesApp } from './payments-bank-files-support.ts';

setUpBankFilesApp();

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
