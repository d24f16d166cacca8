/**
 * Importing one bank file: every transaction written once, matched to its invoice by reference, in one
 * transaction (docs/decisions/133-bank-file-import-and-matching.md):
 * - a file that cannot be read is refused before anything is written (the route answers 400);
 * - each transaction is inserted with `on conflict (acct_svcr_ref) do nothing`: the ones not returned
 *   were imported before (or earlier in the same file), they are counted as duplicates and change
 *   nothing. Two imports of one file at once: the second waits on the first's index entries and finds
 *   them, so a payment is never counted twice;
 * - the invoices named by the new transactions' references are locked (`for update`, by id) and the
 *   transactions applied in file order: the exact balance → `matched` (the invoice is paid), less →
 *   `partial`, more, an unknown reference, none, a foreign currency or a credited invoice → `unmatched`
 *   with its reason, for a person to look at;
 * - a reversal (`RvslInd`) of a credit takes back an applied payment of the same amount on the invoice
 *   its reference names: the invoice is open again. Without such a payment it waits for review;
 * - other debits (refunds, fees, our own payments) are kept as `ignored`.
 * The invoices' amounts change by billing's rule (`markInvoicePayment`), applied here in one statement
 * to all of a file's invoices: one call per invoice made a 10,000-entry file take 20,000 round trips.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { PaymentReviewReason, PaymentStatus } from './contract/index.ts';
import { CamtError, readCamt, type CamtReading, type CamtTransaction } from './camt.ts';
import type { BankFileImport } from './contract/index.ts';

/** Rows per insert statement (PostgreSQL allows 65,535 parameters; 13 per row). */
const INSERT_CHUNK = 1000;
/** References per lookup. */
const LOOKUP_CHUNK = 1000;
/** The largest amount an integer column holds: 21 million francs per transaction. */
const MAX_AMOUNT_CENTS = 2_147_483_647;

interface InvoiceState {
  id: number;
  reference: string;
  status: string;
  totalCents: number;
  paidCents: number;
  /** What the payments of this file add (negative for a reversal). */
  deltaCents: number;
}

interface Decision {
  status: PaymentStatus;
  reviewReason: PaymentReviewReason | null;
  invoiceId: number | null;
  reversesPaymentId: number | null;
}

interface AppliedPayment {
  id: number;
  invoiceId: number;
  amountCents: number;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Reads the file; any problem with it is a CamtError (a 400 for the route). */
export function readBankFile(bytes: Buffer): CamtReading {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CamtError('unreadable', 'Le fichier n’est pas encodé en UTF-8 : ce n’est pas un relevé camt.');
  }
  const reading = readCamt(text.replace(/^\uFEFF/, ''));
  for (const tx of reading.transactions) {
    if (tx.amountCents > MAX_AMOUNT_CENTS) throw new CamtError('invalid-entry', `Écriture ${tx.entryIndex} du fichier : montant trop élevé pour un paiement de facture.`);
    if (tx.acctSvcrRef.length > 140) throw new CamtError('invalid-entry', `Écriture ${tx.entryIndex} du fichier : référence de la banque (AcctSvcrRef) trop longue.`);
  }
  return reading;
}

export async function importBankFile(knex: Knex, bytes: Buffer, options: { userId: number | null }): Promise<BankFileImport> {
  const reading = readBankFile(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return knex.transaction(async (trx) => {
    const [file] = await trx('bank_files')
      .insert({
        message: reading.message,
        version: reading.version,
        messageId: reading.messageId?.slice(0, 35) ?? null,
        accountIban: reading.iban?.slice(0, 34) ?? null,
        sha256,
        entries: reading.entries,
        transactions: reading.transactions.length,
        importedBy: options.userId,
      })
      .returning<Array<{ id: number }>>('id');
    const fileId = file!.id;

    // 1. Every transaction once: the rows not returned already existed (a duplicate).
    const inserted = new Map<string, number>();
    for (const part of chunks(reading.transactions, INSERT_CHUNK)) {
      const rows = await trx('payments')
        .insert(
          part.map((tx) => ({
            bankFileId: fileId,
            acctSvcrRef: tx.acctSvcrRef,
            status: 'ignored',
            amountCents: tx.amountCents,
            currency: tx.currency,
            direction: tx.direction,
            reversal: tx.reversal,
            reference: tx.reference?.slice(0, 35) ?? null,
            bookingDate: tx.bookingDate,
            debtorName: tx.counterpartyName?.slice(0, 140) ?? null,
          })),
        )
        .onConflict('acctSvcrRef')
        .ignore()
        .returning<Array<{ id: number; acctSvcrRef: string }>>(['id', 'acctSvcrRef']);
      for (const row of rows) inserted.set(row.acctSvcrRef, row.id);
    }
    // A reference twice in the same file: the first is the payment, the second a duplicate.
    const fresh: Array<{ id: number; tx: CamtTransaction }> = [];
    for (const tx of reading.transactions) {
      const id = inserted.get(tx.acctSvcrRef);
      if (id !== undefined) {
        fresh.push({ id, tx });
        inserted.delete(tx.acctSvcrRef);
      }
    }

    // 2. The invoices their references name, locked in id order (two imports never wait on each other in a cycle).
    const references = [...new Set(fresh.filter(({ tx }) => tx.reference && (tx.direction === 'credit' || tx.reversal)).map(({ tx }) => tx.reference!))];
    const invoices = new Map<string, InvoiceState>();
    for (const part of chunks(references, LOOKUP_CHUNK)) {
      const rows = await trx('invoices')
        .whereIn('reference', part)
        .orderBy('id')
        .forUpdate()
        .select<Array<{ id: number; reference: string; status: string; totalCents: number; paidCents: number }>>('id', 'reference', 'status', 'totalCents', 'paidCents');
      for (const row of rows) invoices.set(row.reference, { ...row, totalCents: Number(row.totalCents), paidCents: Number(row.paidCents), deltaCents: 0 });
    }
    // Applied payments a reversal may take back: those already booked for these invoices, then this file's.
    const applied: AppliedPayment[] = [];
    const reversalInvoiceIds = [...new Set(fresh.filter(({ tx }) => tx.reversal && tx.reference && invoices.has(tx.reference)).map(({ tx }) => invoices.get(tx.reference!)!.id))];
    for (const part of chunks(reversalInvoiceIds, LOOKUP_CHUNK)) {
      applied.push(
        ...(
          await trx('payments')
            .whereIn('invoiceId', part)
            .whereIn('status', ['matched', 'partial'])
            .where({ direction: 'credit', reversal: false, reversed: false })
            .orderBy('id')
            .forUpdate()
            .select<AppliedPayment[]>('id', 'invoiceId', 'amountCents')
        ).map((row) => ({ ...row, amountCents: Number(row.amountCents) })),
      );
    }

    // 3. Each new transaction in file order.
    const decisions: Array<{ id: number; decision: Decision }> = [];
    const reversedIds: number[] = [];
    const counts = { matched: 0, partial: 0, unmatched: 0, ignored: 0, reversals: 0 };
    for (const { id, tx } of fresh) {
      const decision = decide(tx, tx.reference ? invoices.get(tx.reference) : undefined, applied, id);
      if (decision.reversesPaymentId !== null) {
        reversedIds.push(decision.reversesPaymentId);
        counts.reversals += 1;
      } else {
        counts[decision.status] += 1;
      }
      decisions.push({ id, decision });
    }

    // 4. The rows' outcomes (the inserted status is `ignored`: only the others are written again).
    const changed = decisions.filter(({ decision }) => decision.status !== 'ignored');
    for (const part of chunks(changed, INSERT_CHUNK)) {
      const values = part.map(() => '(?::integer, ?::text, ?::text, ?::integer, ?::integer)').join(', ');
      await trx.raw(
        `update payments set status = v.status, review_reason = v.review_reason, invoice_id = v.invoice_id, reverses_payment_id = v.reverses_payment_id
           from (values ${values}) as v (id, status, review_reason, invoice_id, reverses_payment_id)
          where payments.id = v.id`,
        part.flatMap(({ id, decision }) => [id, decision.status, decision.reviewReason, decision.invoiceId, decision.reversesPaymentId]),
      );
    }
    for (const part of chunks(reversedIds, LOOKUP_CHUNK)) await trx('payments').whereIn('id', part).update({ reversed: true });

    // 5. The invoices: billing's rule, for all of the file's invoices at once.
    const moved = [...invoices.values()].filter((invoice) => invoice.deltaCents !== 0);
    for (const part of chunks(moved, INSERT_CHUNK)) await markInvoicePayments(trx, part);

    const duplicates = reading.transactions.length - fresh.length;
    await trx('bank_files').where({ id: fileId }).update({ matched: counts.matched, partial: counts.partial, unmatched: counts.unmatched, ignored: counts.ignored, duplicates });
    return {
      fileId,
      message: reading.message,
      version: reading.version,
      entries: reading.entries,
      transactions: reading.transactions.length,
      ...counts,
      duplicates,
      notBooked: reading.notBooked,
    };
  });
}

function review(reason: PaymentReviewReason, invoiceId: number | null = null): Decision {
  return { status: 'unmatched', reviewReason: reason, invoiceId, reversesPaymentId: null };
}

/** What one new transaction does; updates the invoice's running balance and the applied payments. */
function decide(tx: CamtTransaction, invoice: InvoiceState | undefined, applied: AppliedPayment[], paymentId: number): Decision {
  const ignored: Decision = { status: 'ignored', reviewReason: null, invoiceId: null, reversesPaymentId: null };
  if (tx.amountCents === 0) return ignored;
  if (tx.reversal) {
    // A reversed debit (money back on the account, e.g. a refund the bank could not deliver) needs a person.
    if (tx.direction === 'credit') return review('reversal', invoice?.id ?? null);
    if (!invoice || tx.currency !== 'CHF') return review('reversal', invoice?.id ?? null);
    const index = applied.findIndex((payment) => payment.invoiceId === invoice.id && payment.amountCents === tx.amountCents);
    if (index < 0) return review('reversal', invoice.id);
    const [original] = applied.splice(index, 1);
    invoice.deltaCents -= tx.amountCents;
    return { status: 'matched', reviewReason: null, invoiceId: invoice.id, reversesPaymentId: original!.id };
  }
  if (tx.direction === 'debit') return ignored;
  if (tx.currency !== 'CHF') return review('currency', invoice?.id ?? null);
  if (!tx.reference) return review('no_reference');
  if (!invoice) return review('unknown_reference');
  if (invoice.status === 'credited') return review('invoice_closed', invoice.id);
  const balance = invoice.totalCents - invoice.paidCents - invoice.deltaCents;
  if (tx.amountCents > balance) return review('over_payment', invoice.id);
  invoice.deltaCents += tx.amountCents;
  applied.push({ id: paymentId, invoiceId: invoice.id, amountCents: tx.amountCents });
  return { status: tx.amountCents === balance ? 'matched' : 'partial', reviewReason: null, invoiceId: invoice.id, reversesPaymentId: null };
}

/**
 * Billing's `markInvoicePayment(trx, invoiceId, deltaCents)` for many invoices in one statement, with
 * the same rule: `paid_cents` moves (never below 0); a credited invoice keeps its status; otherwise it is
 * paid once the total is reached, open again when a reversal takes a paid one below, else unchanged;
 * `paid_at` is kept while it stays paid, set when it becomes paid, cleared otherwise. The rows are
 * already locked by the import. tests/api/payments-import-statement.test.ts checks both paths give the same invoices.
 */
export async function markInvoicePayments(trx: Knex.Transaction, moved: Array<Pick<InvoiceState, 'id' | 'deltaCents'>>): Promise<void> {
  const values = moved.map(() => '(?::integer, ?::integer)').join(', ');
  await trx.raw(
    `update invoices i
        set paid_cents = n.paid,
            status = n.status,
            paid_at = case when n.status = 'paid' then (case when n.was = 'paid' then i.paid_at else now() end) else null end
       from (select x.id, greatest(0, x.paid_cents + v.delta) as paid, x.status as was,
                    case when x.status = 'credited' then x.status
                         when greatest(0, x.paid_cents + v.delta) >= x.total_cents then 'paid'
                         when x.status = 'paid' then 'open'
                         else x.status end as status
               from invoices x join (values ${values}) as v (id, delta) on v.id = x.id) n
      where i.id = n.id`,
    moved.flatMap((invoice) => [invoice.id, invoice.deltaCents]),
  );
}
