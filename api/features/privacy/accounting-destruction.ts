/**
 * Accounting records are kept ten years, counted as CO art. 958f counts them: from the end of the
 * financial year (the calendar year, Swiss time) in which they were made. A record of 2016 is kept until
 * 31 December 2026 and destroyed by the first retention run from 1 January 2027
 * (docs/decisions/143-accounting-records-destroyed-after-ten-years.md).
 *
 * - An invoice goes with its credit notes and the payments applied to it, and only once each of them is
 *   past its ten years: a credit note of 2017 keeps its invoice of 2016 until the end of 2027, so no record
 *   is ever destroyed younger than ten years;
 * - a payment applied to no invoice (unmatched, ignored) goes by its own booking date; a bank file once no
 *   payment of it is left (it holds counts, no personal data);
 * - a payment another one reverses stays as long as that reversal stays (the foreign key needs it);
 * - `document_counters` is never touched: the numbers given stay given, so numbering stays gap-free.
 * All of it in one transaction, audited as one `accounting_records_destroyed` event with counts only.
 */
import type { Knex } from 'knex';
import { RETENTION_TIME_ZONE } from '../../platform/config-retention.ts';
import { recordAuditEvent } from '../../platform/audit.ts';

export interface AccountingRecordsDestroyed {
  invoices: number;
  creditNotes: number;
  payments: number;
  bankFiles: number;
}

/** 1 January of the year after the newest financial year whose ten years have ended (Swiss year). */
async function keptFrom(trx: Knex.Transaction): Promise<string> {
  const { rows } = await trx.raw(`select make_date(extract(year from now() at time zone ?)::int - 10, 1, 1)::text as kept_from`, [RETENTION_TIME_ZONE]);
  return rows[0].kept_from as string;
}

async function invoicesPastTenYears(trx: Knex.Transaction, from: string): Promise<number[]> {
  const { rows } = await trx.raw(
    `select i.id from invoices i
      where i.issued_on < ?::date
        and not exists (select 1 from credit_notes c where c.invoice_id = i.id and (c.created_at at time zone ?)::date >= ?::date)
        and not exists (select 1 from payments p where p.invoice_id = i.id and p.booking_date >= ?::date)
        and not exists (select 1 from payments p join payments r on r.reverses_payment_id = p.id
                         where p.invoice_id = i.id and (r.invoice_id is distinct from i.id or r.booking_date >= ?::date))
      order by i.id`,
    [from, RETENTION_TIME_ZONE, from, from, from],
  );
  return rows.map((row: { id: number }) => row.id);
}

async function unmatchedPaymentsPastTenYears(trx: Knex.Transaction, from: string): Promise<number[]> {
  const { rows } = await trx.raw(
    `select p.id from payments p
      where p.invoice_id is null and p.booking_date < ?::date
        and not exists (select 1 from payments r where r.reverses_payment_id = p.id and (r.invoice_id is not null or r.booking_date >= ?::date))
      order by p.id`,
    [from, from],
  );
  return rows.map((row: { id: number }) => row.id);
}

/** Destroys, in one transaction, every accounting record whose ten years have ended; audits the counts when there were some. */
export async function destroyAccountingRecordsPastTenYears(db: Knex): Promise<AccountingRecordsDestroyed> {
  return db.transaction(async (trx) => {
    const from = await keptFrom(trx);
    const invoiceIds = await invoicesPastTenYears(trx, from);
    const unmatchedIds = await unmatchedPaymentsPastTenYears(trx, from);
    const payments = trx('payments').where((builder) => builder.whereIn('invoiceId', invoiceIds).orWhereIn('id', unmatchedIds));
    const bankFileIds = (await payments.clone().distinct('bankFileId')).map((row: { bankFileId: number }) => row.bankFileId);

    const creditNotes = (await trx('creditNotes').whereIn('invoiceId', invoiceIds).delete().returning('id')).length;
    // Counted from `returning`: inside a transaction PGlite's knex client answers a delete with its raw result, not a count.
    // Reversals first: the payment they reverse is restricted by their foreign key.
    const reversals = (await payments.clone().whereNotNull('reversesPaymentId').delete().returning('id')).length;
    const others = (await payments.clone().delete().returning('id')).length;
    const invoices = (await trx('invoices').whereIn('id', invoiceIds).delete().returning('id')).length;
    const bankFiles = await trx('bankFiles')
      .where((builder) => builder.whereIn('id', bankFileIds).orWhere('importedAt', '<', trx.raw(`?::date::timestamp at time zone ?`, [from, RETENTION_TIME_ZONE])))
      .whereNotExists(trx('payments as p').whereRaw('p.bank_file_id = bank_files.id'))
      .delete()
      .returning('id');

    const destroyed = { invoices, creditNotes, payments: reversals + others, bankFiles: bankFiles.length };
    if (invoices + creditNotes + destroyed.payments + destroyed.bankFiles > 0) {
      await recordAuditEvent(trx, { type: 'accounting_records_destroyed', details: { ...destroyed, madeBefore: from } });
    }
    return destroyed;
  });
}
