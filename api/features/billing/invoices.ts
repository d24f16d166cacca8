/**
 * Invoices (docs/decisions/127-invoice-numbering-and-accounting-records.md): created when an offer is
 * accepted, in the acceptance's transaction: one invoice, or one per monthly instalment, each with its
 * own gap-free number, reference and due date. The first is issued at once (its e-mail queued, its PDF
 * made once at the first need and stored); the later ones wait as `scheduled` until a payment term before their due date
 * (./reminders.ts issues them). Payments (the payments feature) move `paid_cents` and the status.
 */
import type { Knex } from 'knex';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { createEmails } from '../../platform/mail/outbox.ts';
import { INVOICE_NOT_FOUND_MESSAGE } from './contract/index.ts';
import { addDays, addMonths } from './dates.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';
import { splitCents } from './money.ts';
import { formatDocumentNumber, nextDocumentNumber } from './numbering.ts';
import { invoicePdf, type InvoiceDocument } from './pdf.ts';
import { referenceFor } from './references.ts';
import { billingReady, readBillingSettings } from './settings.ts';
import type { PostalAddress } from './address.ts';

export const BILLING_NOT_READY_MESSAGE = 'La facturation n’est pas encore configurée : renseignez le créancier, son adresse et l’IBAN dans Paramètres → Facturation.';

/** The debtor as the accepted offer gives it and the invoice keeps it (with the erased contact's name, decision 127). */
export type DebtorAddress = PostalAddress;

export interface OfferLine {
  label: string;
  quantity: number;
  unitPriceCents: number;
}

/** What an accepted offer hands to billing: its amounts are the offer's (computed by the offers feature). */
export interface AcceptedOffer {
  offerId: number;
  leadId: number;
  debtor: DebtorAddress;
  lines: OfferLine[];
  discountCents: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
  vatRateBasisPoints: number | null;
  /** The programme's start date (`YYYY-MM-DD`): the period invoiced, and where the 30-day guarantee starts. */
  startDate: string;
  /** 1 (paid once) to 12 monthly instalments. */
  instalments: number;
}

export type InvoiceStatus = 'scheduled' | 'open' | 'paid' | 'credited';

export interface InvoiceRecord extends InvoiceDocument {
  id: number;
  leadId: number | null;
  offerId: number | null;
  currency: 'CHF';
  status: InvoiceStatus;
  paidCents: number;
  paidAt: Date | null;
  createdAt: Date;
}

/** Dates as `YYYY-MM-DD` text on both engines. */
export const INVOICE_COLUMNS = [
  'id',
  'number',
  'leadId',
  'offerId',
  'instalmentIndex',
  'instalmentCount',
  'lines',
  'discountCents',
  'netCents',
  'vatCents',
  'totalCents',
  'vatRateBasisPoints',
  'currency',
  'reference',
  'iban',
  'status',
  'paidCents',
  'paidAt',
  'createdAt',
  'debtorName',
  'debtorStreet',
  'debtorBuildingNumber',
  'debtorPostalCode',
  'debtorTown',
  'debtorCountry',
] as const;

type Db = Knex | Knex.Transaction;

interface InvoiceRow extends Omit<InvoiceRecord, 'debtor'> {
  debtorName: string;
  debtorStreet: string;
  debtorBuildingNumber: string | null;
  debtorPostalCode: string;
  debtorTown: string;
  debtorCountry: string;
}

export function selectInvoices(db: Db) {
  return db('invoices').select(
    ...INVOICE_COLUMNS.map((column) => `invoices.${column}`),
    db.raw("to_char(invoices.issued_on, 'YYYY-MM-DD') as issued_on"),
    db.raw("to_char(invoices.due_on, 'YYYY-MM-DD') as due_on"),
    db.raw("to_char(invoices.service_start_on, 'YYYY-MM-DD') as service_start_on"),
  );
}

export function toInvoiceRecord(row: InvoiceRow): InvoiceRecord {
  const { debtorName, debtorStreet, debtorBuildingNumber, debtorPostalCode, debtorTown, debtorCountry, ...rest } = row;
  return {
    ...rest,
    netCents: Number(rest.netCents),
    vatCents: Number(rest.vatCents),
    totalCents: Number(rest.totalCents),
    paidCents: Number(rest.paidCents),
    debtor: { name: debtorName, street: debtorStreet, buildingNumber: debtorBuildingNumber, postalCode: debtorPostalCode, town: debtorTown, country: debtorCountry },
  };
}

export async function readInvoice(db: Db, id: number): Promise<InvoiceRecord | undefined> {
  const row = (await selectInvoices(db).where('invoices.id', id).first()) as InvoiceRow | undefined;
  return row ? toInvoiceRecord(row) : undefined;
}

/**
 * Creates the invoice(s) of an accepted offer inside the acceptance's transaction, issues the first
 * one (PDF and e-mail) and returns their ids. Throws 409 when billing is not configured (the
 * acceptance then rolls back as a whole).
 */
export async function createInvoicesForAcceptedOffer(trx: Knex.Transaction, offer: AcceptedOffer, now: Date = new Date()): Promise<{ invoiceIds: number[] }> {
  const settings = await readBillingSettings(trx);
  if (!billingReady(settings) || !settings.iban) throw conflict(BILLING_NOT_READY_MESSAGE);
  const count = Math.min(Math.max(Math.trunc(offer.instalments), 1), 12);
  const today = swissDay(now);
  const year = Number(today.slice(0, 4));
  const firstDue = addDays(today, settings.paymentTermDays);
  const totals = splitCents(offer.totalCents, count);
  const vats = splitCents(offer.vatCents, count);

  const invoiceIds: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const sequence = await nextDocumentNumber(trx, 'invoice', year);
    const dueOn = addMonths(firstDue, index);
    // Later instalments are issued (and e-mailed) one payment term before they fall due.
    const issuedOn = index === 0 ? today : addDays(dueOn, -settings.paymentTermDays);
    const [inserted] = (await trx('invoices')
      .insert({
        number: formatDocumentNumber('invoice', year, sequence),
        leadId: offer.leadId,
        debtorName: offer.debtor.name,
        debtorStreet: offer.debtor.street,
        debtorBuildingNumber: offer.debtor.buildingNumber || null,
        debtorPostalCode: offer.debtor.postalCode,
        debtorTown: offer.debtor.town,
        debtorCountry: offer.debtor.country,
        offerId: offer.offerId,
        instalmentIndex: index + 1,
        instalmentCount: count,
        lines: JSON.stringify(offer.lines),
        discountCents: offer.discountCents,
        serviceStartOn: offer.startDate,
        netCents: totals[index]! - vats[index]!,
        vatCents: vats[index]!,
        totalCents: totals[index]!,
        vatRateBasisPoints: offer.vatRateBasisPoints,
        reference: referenceFor(settings.iban, year, sequence),
        iban: settings.iban,
        issuedOn,
        dueOn,
        status: 'scheduled',
      })
      .returning('id')) as Array<{ id: number }>;
    invoiceIds.push(inserted!.id);
  }
  await issueInvoice(trx, invoiceIds[0]!);
  await recordAuditEvent(trx, { type: 'invoices_created', details: { offerId: offer.offerId, invoices: count } });
  return { invoiceIds };
}

/**
 * Issues a scheduled invoice: it turns `open` and its e-mail is queued to the contact (none when the
 * contact was erased). Its PDF is made after the transaction (./documents.ts): the PDF takes longer
 * than everything else, and the counter's row stays locked until the acceptance commits.
 */
export async function issueInvoice(trx: Knex.Transaction, invoiceId: number): Promise<void> {
  const invoice = await readInvoice(trx, invoiceId);
  if (!invoice) throw notFound(INVOICE_NOT_FOUND_MESSAGE);
  if (invoice.status !== 'scheduled') return;
  const updated = await trx('invoices').where({ id: invoiceId, status: 'scheduled' }).update({ status: 'open' });
  if (updated === 0 || invoice.leadId === null) return;
  const lead = (await trx('leads').where({ id: invoice.leadId }).first('email', 'firstName')) as { email: string; firstName: string } | undefined;
  if (!lead) return;
  await createEmails(trx, [
    {
      kind: 'invoice_issued',
      causeKey: `invoice_issued:${invoiceId}`,
      toAddress: lead.email,
      leadId: invoice.leadId,
      data: { invoiceId, number: invoice.number, firstName: lead.firstName, totalCents: invoice.totalCents, dueOn: invoice.dueOn, reference: invoice.reference },
    },
  ]);
}

/**
 * The invoice's PDF: made once, at the first need (its e-mail, a download), and stored; every later
 * need gets those same bytes. Two makers at once both write only where none is stored yet, and both
 * return the stored one. None for an invoice not issued yet.
 */
export async function invoicePdfBytes(db: Db, invoiceId: number): Promise<Buffer | undefined> {
  const stored = (await db('invoices').where({ id: invoiceId }).first('pdf', 'status')) as { pdf: Buffer | null; status: InvoiceStatus } | undefined;
  if (!stored || stored.status === 'scheduled') return undefined;
  if (stored.pdf) return Buffer.from(stored.pdf);
  const invoice = (await readInvoice(db, invoiceId))!;
  const pdf = await invoicePdf(invoice, await readBillingSettings(db));
  await db('invoices').where({ id: invoiceId }).whereNull('pdf').update({ pdf });
  const saved = (await db('invoices').where({ id: invoiceId }).first('pdf')) as { pdf: Buffer };
  return Buffer.from(saved.pdf);
}

/**
 * A payment (or, negative, a reversal) booked against an invoice, inside the payments feature's
 * transaction: the row is locked, `paid_cents` moves, and the invoice is paid once the total is
 * reached (open again when a reversal takes it below). A credited invoice keeps its status.
 */
export async function markInvoicePayment(trx: Knex.Transaction, invoiceId: number, amountCents: number): Promise<{ status: InvoiceStatus; paidCents: number; totalCents: number }> {
  const row = (await trx('invoices').where({ id: invoiceId }).forUpdate().first('status', 'paidCents', 'totalCents')) as { status: InvoiceStatus; paidCents: number; totalCents: number } | undefined;
  if (!row) throw notFound(INVOICE_NOT_FOUND_MESSAGE);
  const paidCents = Math.max(0, Number(row.paidCents) + amountCents);
  const totalCents = Number(row.totalCents);
  let status = row.status;
  if (status !== 'credited') status = paidCents >= totalCents ? 'paid' : row.status === 'paid' ? 'open' : row.status;
  await trx('invoices')
    .where({ id: invoiceId })
    .update({ paidCents, status, paidAt: status === 'paid' ? (row.status === 'paid' ? trx.raw('paid_at') : trx.fn.now()) : null });
  return { status, paidCents, totalCents };
}
