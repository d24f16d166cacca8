/**
 * The answer to an access request (revFADP Art. 25): everything held about one contact, in one JSON
 * document. It reads the same tables api/features/contacts/records/erasure.ts erases (a table added there belongs here
 * too), plus the audit events that name the contact's id and the access log's entries about the contact (who
 * read, exported or changed it, and when: docs/decisions/147-access-log.md). The contact's first touch is in `contact`
 * (`firstTouch`), each submission's own touch on its activity (`touch`) (decision 115).
 */
import type { Knex } from 'knex';
import { findLeadOr404 } from '../contacts/index.ts';
import { presentLead } from '../contacts/contract/index.ts';
import { presentAccessLogEntry, presentConsentProof, type ConsentProofRow } from './contract/index.ts';
import { allContactAccess } from './access-log.ts';
import { paymentsOfLead } from '../payments/index.ts';

export async function exportLead(db: Knex, leadId: number) {
  const lead = await findLeadOr404(db, leadId);
  const [activities, registrations, bookings, emails, consents, auditEvents, invoices, creditNotes, offers] = await Promise.all([
    db('activities').where({ leadId }).orderBy('id').select('id', 'type', 'title', 'description', 'status', 'outcome', 'dueDate', 'scheduledAt', 'completedAt', 'createdAt', 'updatedAt', 'touch'),
    db('webinarRegistrations as r')
      .leftJoin('webinars as w', 'w.id', 'r.webinarId')
      .where('r.leadId', leadId)
      .orderBy('r.id')
      .select('r.id', 'r.webinarId', 'w.title as webinarTitle', 'w.datetime as webinarDatetime', 'r.status', 'r.registeredAt'),
    db('bookings').where({ leadId }).orderBy('id').select('id', 'startAt', 'endAt', 'status', 'mode', 'phone', 'message', 'hostId', 'createdAt', 'updatedAt', 'cancelledAt'),
    db('emails')
      .where({ leadId })
      .orWhereRaw('lower(to_address) = lower(?)', [lead.email])
      .orWhereIn('bookingId', db('bookings').where({ leadId }).select('id'))
      .orderBy('id')
      .select('id', 'kind', 'toAddress', 'subject', 'textBody', 'status', 'createdAt', 'sentAt'),
    db('consentProofs').where({ leadId }).orderBy('id').select<ConsentProofRow[]>('*'),
    db('auditEvents')
      .whereRaw("details->>'leadId' = ?", [String(leadId)])
      .orderBy('id')
      .select('id', 'type', 'userId', 'ipPrefix', 'details', 'createdAt'),
    // Accounting records (kept ten years, CO art. 958f): the invoices with the billing address written on them, and their credit notes.
    db('invoices')
      .where({ leadId })
      .orderBy('id')
      .select(
        'id',
        'number',
        'offerId',
        'debtorName',
        'debtorStreet',
        'debtorBuildingNumber',
        'debtorPostalCode',
        'debtorTown',
        'debtorCountry',
        'lines',
        'netCents',
        'vatCents',
        'totalCents',
        'currency',
        'reference',
        'status',
        'paidCents',
        'paidAt',
        db.raw("to_char(issued_on, 'YYYY-MM-DD') as issued_on"),
        db.raw("to_char(due_on, 'YYYY-MM-DD') as due_on"),
        'createdAt',
      ),
    db('creditNotes').whereIn('invoiceId', db('invoices').where({ leadId }).select('id')).orderBy('id').select('id', 'number', 'invoiceId', 'amountCents', 'reason', 'refundStatus', 'createdAt'),
    db('offers')
      .where({ leadId })
      .orderBy('id')
      .select(
        'id',
        'status',
        'lines',
        'discountCents',
        db.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"),
        db.raw("to_char(valid_until, 'YYYY-MM-DD') as valid_until"),
        'instalments',
        'message',
        'netCents',
        'vatCents',
        'totalCents',
        'vatRateBasisPoints',
        'contentHash',
        'sentAt',
        'withdrawnAt',
        'acceptedAt',
        'acceptedContentHash',
        'acceptedIpPrefix',
        'billingName',
        'billingStreet',
        'billingBuildingNumber',
        'billingPostalCode',
        'billingTown',
        'billingCountry',
        'createdAt',
      ),
  ]);
  // The bank's payments of the contact's invoices, with the payer's name as the bank wrote it (decision 133).
  const payments = await paymentsOfLead(db, leadId);
  const accessLog = await allContactAccess(db, leadId);
  // The sequences they were in (docs/decisions/150-sequences-engine.md): each run, and the steps sent in it.
  const sequenceRuns = await db('sequenceRuns as r')
    .join('sequences as s', 's.id', 'r.sequenceId')
    .where('r.leadId', leadId)
    .orderBy('r.id')
    .select('r.id', 's.name as sequence', 'r.eventKey', 'r.eventAt', 'r.state', 'r.nextSendAt', 'r.exitReason', 'r.enteredAt', 'r.exitedAt', 'r.completedAt');
  const sequenceSends = await db('sequenceSends as x')
    .join('sequenceSteps as st', 'st.id', 'x.stepId')
    .where('x.leadId', leadId)
    .orderBy('x.id')
    .select('x.id', 'x.runId', 'st.subject', 'x.emailId', 'x.createdAt');
  return {
    exportedAt: new Date().toISOString(),
    contact: presentLead(lead),
    tags: lead.tags ?? [],
    activities,
    registrations,
    bookings,
    emails,
    consents: consents.map(presentConsentProof),
    auditEvents,
    accessLog: accessLog.map(presentAccessLogEntry),
    invoices,
    creditNotes,
    offers,
    payments,
    sequenceRuns,
    sequenceSends,
  };
}
export type LeadExportJson = Awaited<ReturnType<typeof exportLead>>;
