/**
 * Gap-free document numbers (docs/decisions/127-invoice-numbering-and-accounting-records.md): the
 * counter row of the kind and year is incremented by one statement in the caller's transaction. The
 * row stays locked until that transaction ends, so concurrent issuers wait for each other (across
 * instances too), and a rollback gives the number back: no number is skipped or given twice. A
 * PostgreSQL sequence is not used because it skips the numbers of rolled-back transactions.
 */
import type { Knex } from 'knex';

export type DocumentKind = 'invoice' | 'credit_note';

/** The next number of `kind` in `year` (1, 2, 3…), taken inside `trx`. */
export async function nextDocumentNumber(trx: Knex.Transaction, kind: DocumentKind, year: number): Promise<number> {
  const result = await trx.raw<{ rows: Array<{ last: number }> }>(
    `insert into document_counters (kind, year, last) values (?, ?, 1)
     on conflict (kind, year) do update set last = document_counters.last + 1
     returning last`,
    [kind, year],
  );
  return Number(result.rows[0]!.last);
}

/** `2027-0001` for invoices, `NC-2027-0001` for credit notes. */
export function formatDocumentNumber(kind: DocumentKind, year: number, sequence: number): string {
  const core = `${year}-${String(sequence).padStart(4, '0')}`;
  return kind === 'credit_note' ? `NC-${core}` : core;
}
