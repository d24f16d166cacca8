/**
 * The payments read from bank files, as the back office lists them, and a person's decision on one
 * that waits for review (docs/decisions/133-bank-file-import-and-matching.md).
 */
import type { Knex } from 'knex';
import { markInvoicePayment } from '../billing/index.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { PAYMENT_NOT_FOUND_MESSAGE, type PaymentListQuery, type PaymentStatus, type PaymentUpdate } from './contract/index.ts';
import type { PaymentRecord } from './contract/index.ts';

export const PAYMENT_MESSAGES = {
  notReviewable: 'Ce paiement a déjà été rapproché ou mis de côté : il ne peut plus être attribué.',
  notCredit: 'Seul un versement reçu (crédit) en francs suisses peut être attribué à une facture.',
  invoiceNotFound: 'Cette facture n’existe pas.',
  invoiceClosed: 'Cette facture est soldée par une note de crédit : elle ne peut plus recevoir de paiement.',
  invoiceScheduled: 'Cette échéance n’est pas encore émise : attribuez le paiement à une facture émise.',
} as const;

function baseQuery(knex: Knex) {
  return knex('payments as p')
    .leftJoin('invoices as i', 'i.id', 'p.invoiceId')
    .select(
      'p.id',
      'p.bankFileId',
      'p.acctSvcrRef',
      'p.status',
      'p.reviewReason',
      'p.amountCents',
      'p.currency',
      'p.direction',
      'p.reversal',
      'p.reversed',
      'p.reversesPaymentId',
      'p.reference',
      knex.raw("to_char(p.booking_date, 'YYYY-MM-DD') as booking_date"),
      'p.debtorName',
      'p.invoiceId',
      'i.number as invoiceNumber',
      'i.totalCents as invoiceTotalCents',
      'i.paidCents as invoicePaidCents',
      'i.status as invoiceStatus',
      'p.assignedAt',
      'p.createdAt',
    );
}

export async function listPayments(knex: Knex, query: PaymentListQuery): Promise<{ payments: PaymentRecord[]; total: number }> {
  const filtered = <T extends Knex.QueryBuilder>(builder: T): T => (query.status ? (builder.where('p.status', query.status) as T) : builder);
  const [payments, count] = await Promise.all([
    filtered(baseQuery(knex))
      .orderBy([
        { column: 'p.bookingDate', order: 'desc' },
        { column: 'p.id', order: 'desc' },
      ])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit) as Promise<PaymentRecord[]>,
    filtered(knex('payments as p')).count({ total: '*' }).first() as Promise<{ total: string | number } | undefined>,
  ]);
  return { payments, total: Number(count?.total ?? 0) };
}

export async function paymentRow(knex: Knex, id: number): Promise<PaymentRecord | undefined> {
  return (await baseQuery(knex).where('p.id', id).first()) as PaymentRecord | undefined;
}

/**
 * A transaction waiting for review (`unmatched`) assigned to an invoice — whatever its amount: the person
 * decided, and an over-payment then shows as paid more than due — or set aside (`ignored`).
 * Both rows are locked, so two people deciding at once cannot apply one payment twice.
 */
export async function assignPayment(knex: Knex, id: number, update: PaymentUpdate, userId: number | null): Promise<void> {
  await knex.transaction(async (trx) => {
    const payment = (await trx('payments').where({ id }).forUpdate().first('id', 'status', 'direction', 'reversal', 'currency', 'amountCents')) as
      { id: number; status: PaymentStatus; direction: string; reversal: boolean; currency: string; amountCents: number } | undefined;
    if (!payment) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
    if (payment.status !== 'unmatched') throw new HttpError(409, PAYMENT_MESSAGES.notReviewable);
    if (update.status === 'ignored') {
      await trx('payments').where({ id }).update({ status: 'ignored', reviewReason: null, assignedBy: userId, assignedAt: trx.fn.now() });
      return;
    }
    if (payment.direction !== 'credit' || payment.reversal || payment.currency !== 'CHF') throw new HttpError(409, PAYMENT_MESSAGES.notCredit);
    const which = update.invoiceId !== undefined ? { id: update.invoiceId } : { number: update.invoiceNumber! };
    const field = update.invoiceId !== undefined ? 'invoiceId' : 'invoiceNumber';
    const invoice = (await trx('invoices').where(which).forUpdate().first('id', 'status', 'totalCents', 'paidCents')) as
      { id: number; status: string; totalCents: number; paidCents: number } | undefined;
    if (!invoice) throw new HttpError(400, PAYMENT_MESSAGES.invoiceNotFound, { errors: [{ path: field, message: PAYMENT_MESSAGES.invoiceNotFound }] });
    if (invoice.status === 'credited') throw new HttpError(409, PAYMENT_MESSAGES.invoiceClosed);
    if (invoice.status === 'scheduled') throw new HttpError(409, PAYMENT_MESSAGES.invoiceScheduled);
    const balance = Number(invoice.totalCents) - Number(invoice.paidCents);
    const amountCents = Number(payment.amountCents);
    await markInvoicePayment(trx, invoice.id, amountCents);
    await trx('payments')
      .where({ id })
      .update({ status: amountCents < balance ? 'partial' : 'matched', reviewReason: null, invoiceId: invoice.id, assignedBy: userId, assignedAt: trx.fn.now() });
  });
}

/**
 * The payments of a contact's invoices, for the contact's export (revFADP Art. 25): what the bank said
 * (date, amount, reference, the payer's name) and what became of it. Kept when the contact is erased:
 * accounting records, ten years (CO art. 958f).
 */
export async function paymentsOfLead(knex: Knex, leadId: number) {
  return knex('payments as p')
    .join('invoices as i', 'i.id', 'p.invoiceId')
    .where('i.leadId', leadId)
    .orderBy('p.id')
    .select(
      'p.id',
      knex.raw("to_char(p.booking_date, 'YYYY-MM-DD') as booking_date"),
      'p.amountCents',
      'p.currency',
      'p.direction',
      'p.reversal',
      'p.reference',
      'p.debtorName',
      'p.status',
      'i.number as invoiceNumber',
      'p.createdAt',
    );
}
