/** The invoices list (`GET /api/admin/invoices`): filters by status (overdue is open and past due, a Swiss day) and contact. */
import type { Knex } from 'knex';
import type { InvoiceListQuery } from './contract/index.ts';
import { selectInvoices, toInvoiceRecord, type InvoiceRecord } from './invoices.ts';

export interface ListedInvoice extends InvoiceRecord {
  creditedCents: number;
}

function filtered(db: Knex, query: InvoiceListQuery, today: string) {
  return (builder: Knex.QueryBuilder) => {
    if (query.leadId !== undefined) builder.where('invoices.leadId', query.leadId);
    if (query.status === 'overdue') builder.where('invoices.status', 'open').where('invoices.dueOn', '<', today);
    else if (query.status === 'open') builder.where('invoices.status', 'open').where('invoices.dueOn', '>=', today);
    else if (query.status) builder.where('invoices.status', query.status);
    void db;
  };
}

export async function listInvoices(db: Knex, query: InvoiceListQuery, today: string): Promise<{ invoices: ListedInvoice[]; total: number }> {
  const where = filtered(db, query, today);
  const [rows, count] = await Promise.all([
    selectInvoices(db)
      .select(db.raw('coalesce((select sum(c.amount_cents) from credit_notes c where c.invoice_id = invoices.id), 0) as credited_cents'))
      .modify(where)
      .orderBy([
        { column: 'invoices.issuedOn', order: 'desc' },
        { column: 'invoices.id', order: 'desc' },
      ])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db('invoices').modify(where).count({ total: '*' }).first(),
  ]);
  return {
    invoices: (rows as Array<Parameters<typeof toInvoiceRecord>[0] & { creditedCents: string | number }>).map((row) => ({ ...toInvoiceRecord(row), creditedCents: Number(row.creditedCents) })),
    total: Number((count as { total: string | number } | undefined)?.total ?? 0),
  };
}
