/**
 * Credit notes and the 30-day guarantee (docs/decisions/129-credit-notes-and-the-guarantee.md): a
 * refund is a credit note with its own gap-free number (`NC-2027-0001`), referencing its invoice, and a
 * refund to be paid (`refund_status`). Within 30 days of the programme's start it is the guarantee;
 * after, the administrator must confirm (`confirmAfterGuarantee`). The invoice is locked while its
 * credited total is checked, so two refunds together never credit more than it was.
 */
import type { Knex } from 'knex';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { createEmails } from '../../platform/mail/outbox.ts';
import { INVOICE_NOT_FOUND_MESSAGE, type CreditNoteFacts, type CreditNoteInput } from './contract/index.ts';
import { addDays } from './dates.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';
import { formatChf } from './money.ts';
import { formatDocumentNumber, nextDocumentNumber } from './numbering.ts';
import { frenchDay } from './pdf.ts';

export const GUARANTEE_DAYS = 30;

export const GUARANTEE_ENDED_CODE = 'guarantee_ended';

/** The last day of the guarantee: 30 days from the programme's start. */
export function guaranteeEndsOn(serviceStartOn: string): string {
  return addDays(serviceStartOn, GUARANTEE_DAYS);
}

/** A credit note as billing records it: the contract's facts of one (decision 129). */
export type CreatedCreditNote = CreditNoteFacts;

export async function createCreditNote(trx: Knex.Transaction, invoiceId: number, input: CreditNoteInput, userId: number | null, now: Date = new Date()): Promise<CreatedCreditNote> {
  const invoice = (await trx('invoices')
    .where({ id: invoiceId })
    .forUpdate()
    .first('id', 'number', 'status', 'totalCents', 'leadId', trx.raw("to_char(service_start_on, 'YYYY-MM-DD') as service_start_on"))) as
    { id: number; number: string; status: string; totalCents: number; leadId: number | null; serviceStartOn: string | null } | undefined;
  if (!invoice) throw notFound(INVOICE_NOT_FOUND_MESSAGE);
  if (invoice.status === 'scheduled') throw conflict('Cette échéance n’est pas encore facturée : il n’y a rien à rembourser.');
  const credited = Number(((await trx('credit_notes').where({ invoiceId }).sum({ total: 'amountCents' }).first()) as { total: string | number | null } | undefined)?.total ?? 0);
  const remaining = Number(invoice.totalCents) - credited;
  if (input.amountCents > remaining) {
    throw badRequest(`Le montant dépasse ce qui reste à rembourser sur cette facture (CHF ${formatChf(remaining)}).`, [
      { path: 'amountCents', message: `Au plus ${remaining} centimes (CHF ${formatChf(remaining)}).` },
    ]);
  }
  const today = swissDay(now);
  if (invoice.serviceStartOn && today > guaranteeEndsOn(invoice.serviceStartOn) && !input.confirmAfterGuarantee) {
    throw new HttpError(409, `La garantie de 30 jours a pris fin le ${frenchDay(guaranteeEndsOn(invoice.serviceStartOn))}. Confirmez pour rembourser quand même.`, {
      body: { code: GUARANTEE_ENDED_CODE, guaranteeEndedOn: guaranteeEndsOn(invoice.serviceStartOn) },
    });
  }
  const year = Number(today.slice(0, 4));
  const sequence = await nextDocumentNumber(trx, 'credit_note', year);
  const [note] = (await trx('credit_notes')
    .insert({ number: formatDocumentNumber('credit_note', year, sequence), invoiceId, amountCents: input.amountCents, reason: input.reason, createdBy: userId })
    .returning(['id', 'number', 'invoiceId', 'amountCents', 'reason', 'refundStatus', 'createdAt'])) as CreatedCreditNote[];
  if (input.amountCents === remaining) await trx('invoices').where({ id: invoiceId }).update({ status: 'credited' });
  await recordAuditEvent(trx, { type: 'credit_note_created', userId, details: { invoiceId, creditNoteId: note!.id, amountCents: input.amountCents } });
  if (invoice.leadId !== null) {
    const lead = (await trx('leads').where({ id: invoice.leadId }).first('email', 'firstName')) as { email: string; firstName: string } | undefined;
    if (lead) {
      await createEmails(trx, [
        {
          kind: 'credit_note_issued',
          causeKey: `credit_note_issued:${note!.id}`,
          toAddress: lead.email,
          leadId: invoice.leadId,
          data: { creditNoteId: note!.id, number: note!.number, invoiceNumber: invoice.number, firstName: lead.firstName, amountCents: input.amountCents },
        },
      ]);
    }
  }
  return note!;
}
