/**
 * Billing's e-mail kinds, as the outbox asks for them (api/platform/mail/kinds.ts). The invoice goes
 * with its PDF: the bytes stored on the invoice (made at the first need), read just before sending
 * (the row's facts hold the invoice's id and figures; the sender keeps the PDF with them). A reminder is checked again at sending time and
 * dropped once the invoice is paid or credited; nothing is sent for an invoice that no longer exists.
 */
import type { Database } from '../../platform/db.ts';
import { fill } from '../../platform/mail/content.ts';
import { letter, opening, personValues } from '../../platform/mail/document.ts';
import type { Attachment, ComposeContext, EmailKind, EmailKindDefinition, QueuedEmail, SendDecision } from '../../platform/mail/kinds.ts';
import type { BillingWording } from './email-wording.ts';
import { formatChf } from './money.ts';
import { frenchDay } from './pdf.ts';
import { invoicePdfBytes } from './invoices.ts';

export interface InvoiceEmailData {
  invoiceId: number;
  number: string;
  firstName: string | null;
  totalCents: number;
  dueOn: string;
  reference: string;
  /** Added just before sending: the stored PDF, base64. */
  pdfBase64?: string;
}

export interface CreditNoteEmailData {
  creditNoteId: number;
  number: string;
  invoiceNumber: string;
  firstName: string | null;
  amountCents: number;
}

type Context = ComposeContext<BillingWording>;

function invoiceDocument(copy: BillingWording['invoiceIssued'], data: InvoiceEmailData, context: Context) {
  const values = { ...personValues(data.firstName, context.brand), number: data.number, amount: `CHF ${formatChf(data.totalCents)}`, dueOn: frenchDay(data.dueOn), reference: data.reference };
  const labels = context.content.invoiceLabels;
  return letter(
    copy,
    values,
    [
      ...opening(copy, values),
      {
        type: 'facts',
        rows: [
          { label: labels.number, value: data.number },
          { label: labels.amount, value: values.amount },
          { label: labels.dueOn, value: values.dueOn },
          { label: labels.reference, value: data.reference },
        ],
      },
      { type: 'paragraph', text: fill(copy.payment, values) },
    ],
    context.content,
  );
}

function pdfAttachment(data: InvoiceEmailData): Attachment[] {
  return data.pdfBase64 ? [{ filename: `facture-${data.number}.pdf`, content: data.pdfBase64, contentType: 'application/pdf', encoding: 'base64' }] : [];
}

async function withStoredPdf(db: Database, email: QueuedEmail, remind: boolean): Promise<SendDecision> {
  const data = email.data as InvoiceEmailData;
  const invoice = (await db('invoices').where({ id: data.invoiceId }).first('status')) as { status: string } | undefined;
  if (!invoice) return { cancel: 'La facture n’existe plus.' };
  if (remind && invoice.status !== 'open') return { cancel: 'La facture est réglée ou remboursée : pas de rappel.' };
  const pdf = await invoicePdfBytes(db, data.invoiceId);
  if (!pdf) return { cancel: 'La facture n’est pas encore émise.' };
  return { send: { ...data, pdfBase64: pdf.toString('base64') } };
}

export const billingEmailKinds = {
  invoice_issued: {
    document: (data, context) => invoiceDocument(context.content.invoiceIssued, data, context),
    attachments: pdfAttachment,
    beforeSending: (db, email) => withStoredPdf(db, email, false),
  } satisfies EmailKindDefinition<InvoiceEmailData, BillingWording>,
  invoice_reminder: {
    document: (data, context) => invoiceDocument(context.content.invoiceReminder, data, context),
    attachments: pdfAttachment,
    beforeSending: (db, email) => withStoredPdf(db, email, true),
  } satisfies EmailKindDefinition<InvoiceEmailData, BillingWording>,
  credit_note_issued: {
    document: (data, context) => {
      const copy = context.content.creditNoteIssued;
      const values = { ...personValues(data.firstName, context.brand), number: data.number, amount: `CHF ${formatChf(data.amountCents)}`, dueOn: '', reference: data.invoiceNumber };
      return letter(copy, values, [...opening(copy, values), { type: 'paragraph', text: fill(copy.payment, values) }], context.content);
    },
  } satisfies EmailKindDefinition<CreditNoteEmailData, BillingWording>,
} satisfies Partial<Record<EmailKind, EmailKindDefinition<any, BillingWording>>>;
