/**
 * Erasure of one contact (revFADP Art. 6 al. 4 and Art. 32): THE one place that knows every
 * row holding a person's data. "Effacer définitivement", plain "Supprimer" and the retention job all
 * call `eraseLead`. A table that stores data about a contact MUST be added to `ERASED` (and to the
 * export, api/features/privacy/lead-export.ts); tests/api/erasure.test.ts checks with a full `pg_dump` that
 * nothing is left.
 *
 * Everything runs in one transaction: either the person is gone everywhere, or nowhere.
 * What stays: audit events, which hold ids and IP prefixes only (never an email, a name or a phone),
 * and the accounting records Swiss law requires for ten years (CO art. 958f, `KEPT`): invoices keep
 * the name and billing address written on them and lose their link to the contact; their credit notes
 * stay with them (docs/decisions/127-invoice-numbering-and-accounting-records.md).
 */
import type { Knex } from 'knex';
import { MESSAGES, notFound } from '../../../platform/errors.ts';
import { QUEUE_SCHEMA } from '../../../platform/queue/queue.ts';
import { QUEUES } from '../../../platform/mail/queues.ts';
import { recipientRateLimitKeys } from '../../../platform/lib/recipient-limits.ts';

interface ErasedLead {
  id: number;
  email: string;
}

/** The e-mails about a contact: to them, or about them (their bookings' alerts to the host included). */
function emailsAbout(trx: Knex.Transaction, lead: ErasedLead) {
  return trx('emails')
    .where({ leadId: lead.id })
    .orWhereRaw('lower(to_address) = lower(?)', [lead.email])
    .orWhereIn('bookingId', trx('bookings').where({ leadId: lead.id }).select('id'));
}

/**
 * What an erasure removes, in order (children first, the contact last). Each step names the table and
 * why it holds personal data; the rows that reference the contact with ON DELETE CASCADE are also
 * deleted explicitly, so this list stays the truth even if a foreign key changes.
 */
export const ERASED: ReadonlyArray<{ table: string; why: string; erase: (trx: Knex.Transaction, lead: ErasedLead) => Promise<unknown> }> = [
  {
    table: `${QUEUE_SCHEMA}.job`,
    why: 'jobs waiting (or kept) about the contact: submission facts, sends of their e-mails',
    erase: async (trx, lead) => {
      const emailIds = emailsAbout(trx, lead).select('id');
      await trx.raw(
        `delete from ${QUEUE_SCHEMA}.job
         where (name = ? and data->>'leadId' = ?)
            or (name in (?, ?) and (data->>'emailId')::int in (${emailIds.toQuery()}))`,
        [QUEUES.prepare, String(lead.id), QUEUES.send, QUEUES.failed],
      );
    },
  },
  {
    table: 'emails',
    why: 'address, rendered text and the facts (name, phone, message) of every e-mail about them',
    erase: (trx, lead) => emailsAbout(trx, lead).delete(),
  },
  {
    table: 'idempotency_keys',
    why: 'the stored payload hash of their submissions (derived from what they typed)',
    erase: (trx, lead) =>
      trx('idempotency_keys')
        .whereIn('key', trx('consentProofs').where({ leadId: lead.id }).whereNotNull('idempotencyKey').select('idempotencyKey'))
        .delete(),
  },
  {
    table: 'rate_limits',
    why: 'the per-address counters of newsletter confirmations and acknowledgements (keyed by a hash of the email)',
    erase: (trx, lead) => trx('rate_limits').whereIn('key', recipientRateLimitKeys(lead.email)).delete(),
  },
  { table: 'consent_proofs', why: 'what they were told and agreed to, with IP prefixes', erase: (trx, lead) => trx('consentProofs').where({ leadId: lead.id }).delete() },
  {
    table: 'bookings',
    why: 'their discovery calls: time, host, what they wrote, the number to call',
    erase: (trx, lead) => trx('bookings').where({ leadId: lead.id }).delete(),
  },
  {
    table: 'offers',
    why: 'the offers made to them: their message, and the billing address and IP prefix of an acceptance (invoices keep their own copy)',
    erase: (trx, lead) => trx('offers').where({ leadId: lead.id }).delete(),
  },
  {
    table: 'activities',
    why: 'notes, calls and the messages they sent, with each submission’s touch (where they came from)',
    erase: (trx, lead) => trx('activities').where({ leadId: lead.id }).delete(),
  },
  {
    table: 'sequence_sends',
    why: 'which sequence e-mails went to them, and when',
    erase: (trx, lead) => trx('sequenceSends').where({ leadId: lead.id }).delete(),
  },
  {
    table: 'sequence_runs',
    why: 'their runs in the sequences: the funnel event that made them enter, where they stand, why they left',
    erase: (trx, lead) => trx('sequenceRuns').where({ leadId: lead.id }).delete(),
  },
  { table: 'webinar_registrations', why: 'their seats in webinars', erase: (trx, lead) => trx('webinarRegistrations').where({ leadId: lead.id }).delete() },
  { table: 'webinar_interests', why: 'their wish to join the next session', erase: (trx, lead) => trx('webinarInterests').where({ leadId: lead.id }).delete() },
  { table: 'leads', why: 'the contact itself, with its first touch (where they came from)', erase: (trx, lead) => trx('leads').where({ id: lead.id }).delete() },
];

/** Accounting records an erasure keeps, and why (said in the erasure's answer and in the privacy notice). */
export const KEPT_WHY = 'Pièces comptables conservées 10 ans (art. 958f CO), avec le nom et l’adresse de facturation qu’elles portent ; le reste est effacé.';

export interface KeptRecords {
  /** `invoices`, `credit_notes`, `payments`. */
  table: string;
  count: number;
  why: string;
}

/** The accounting records of a contact an erasure keeps (CO art. 958f), counted for the answer. */
const KEPT: ReadonlyArray<{ table: string; count: (trx: Knex.Transaction, lead: ErasedLead) => Knex.QueryBuilder }> = [
  { table: 'invoices', count: (trx, lead) => trx('invoices').where({ leadId: lead.id }) },
  { table: 'credit_notes', count: (trx, lead) => trx('creditNotes').whereIn('invoiceId', trx('invoices').where({ leadId: lead.id }).select('id')) },
  { table: 'payments', count: (trx, lead) => trx('payments').whereIn('invoiceId', trx('invoices').where({ leadId: lead.id }).select('id')) },
];

/**
 * Erases the contact and every row about them (see `ERASED`), keeping the accounting records (`KEPT`);
 * 404 when there is no such contact. Answers what was kept.
 */
export async function eraseLead(db: Knex, leadId: number): Promise<{ kept: KeptRecords[] }> {
  const run = async (trx: Knex.Transaction) => {
    // Locked: a public submission for the same address waits, then creates a new contact.
    const lead = await trx('leads').where({ id: leadId }).forUpdate().first<ErasedLead | undefined>('id', 'email');
    if (!lead) throw notFound(MESSAGES.leadNotFound);
    const kept: KeptRecords[] = [];
    for (const step of KEPT) {
      const row = (await step.count(trx, lead).count({ n: '*' }).first()) as { n: string | number } | undefined;
      const count = Number(row?.n ?? 0);
      if (count > 0) kept.push({ table: step.table, count, why: KEPT_WHY });
    }
    // Detached before the contact goes (the foreign key would do it too; this list stays the truth).
    await trx('invoices').where({ leadId: lead.id }).update({ leadId: null });
    for (const step of ERASED) await step.erase(trx, lead);
    return { kept };
  };
  return db.isTransaction ? run(db as Knex.Transaction) : db.transaction(run);
}
