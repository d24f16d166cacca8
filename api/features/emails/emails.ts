/**
 * The Emails screen (list, detail, "Renvoyer") and the e-mails a webinar deletion causes.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Email } from '../../models/Email.ts';
import type { EmailListQuery } from '../../schemas/emails.ts';
import { NOT_FOUND_MESSAGES, type ContactListQuery } from '../../schemas/index.ts';
import { findLeadOr404 } from '../contacts/lead-records.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { createEmails, queueSendJobs, type NewEmail } from '../../platform/mail/outbox.ts';
import { webinarFacts, reminderTimes } from '../public-forms/prepare-emails.ts';
import type { CancellationEmailData } from '../email-kinds.ts';
import { holdsCalendarEntry } from '../webinars/seats.ts';

export const EMAIL_MESSAGES = {
  notFound: NOT_FOUND_MESSAGES.email,
  notResendable: 'Seul un e-mail envoyé ou en échec peut être renvoyé.',
};

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Newest first; filters combined with AND; search on the recipient (trigram index on lower(to_address)). */
export async function listEmails(db: Knex, query: EmailListQuery): Promise<{ emails: Email[]; total: number }> {
  const builder = Email.query(db).modify('listFields');
  if (query.status) builder.where('status', query.status);
  if (query.kind) builder.where('kind', query.kind);
  if (query.leadId) builder.where('leadId', query.leadId);
  if (query.search) builder.whereRaw(`lower(to_address) like '%' || lower(?) || '%'`, [escapeLike(query.search.trim())]);
  const { results, total } = await builder
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .page(query.page - 1, query.limit);
  return { emails: results, total };
}

/**
 * The e-mails of one contact, as its page lists them: newest first, the id breaking ties, one page
 * at a time (docs/decisions/089-contact-lists-are-paginated.md). An unknown contact is a 404.
 */
export async function listLeadEmails(db: Knex, leadId: number, page: ContactListQuery): Promise<{ emails: Email[]; total: number }> {
  await findLeadOr404(db, leadId);
  return listEmails(db, { ...page, leadId });
}

export async function findEmailOr404(db: Knex, id: number): Promise<Email> {
  const email = await Email.query(db).findById(id);
  if (!email) throw notFound(EMAIL_MESSAGES.notFound);
  return email;
}

/** "Renvoyer": a new copy of a sent or failed e-mail, queued at once (its own row and cause). */
export async function resendEmail(db: Knex, id: number): Promise<number> {
  const original = await findEmailOr404(db, id);
  if (original.status !== 'sent' && original.status !== 'failed') throw new HttpError(409, EMAIL_MESSAGES.notResendable);
  return db.transaction(async (trx) => {
    const [id] = await createEmails(trx, [
      {
        kind: original.kind as NewEmail['kind'],
        causeKey: `resend:${original.id}:${randomUUID()}`,
        toAddress: original.toAddress,
        leadId: original.leadId,
        webinarId: original.webinarId,
        registrationId: original.registrationId,
        resentFrom: original.id,
        data: original.data,
      },
    ]);
    return id!;
  });
}

/** Who a deletion tells: those holding a seat and those waiting for one (decision 090). */
const TOLD_OF_DELETION = ['registered', 'waitlisted'];

/** How many people a deletion of this webinar would tell (the deletion dialog says it). */
export async function countCancellationRecipients(db: Knex, webinarId: number): Promise<number> {
  const row = await db('webinarRegistrations as r')
    .join('webinars as w', 'w.id', 'r.webinarId')
    .where({ 'r.webinarId': webinarId })
    .whereIn('r.status', TOLD_OF_DELETION)
    .where('w.datetime', '>', db.fn.now())
    .count({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

/**
 * ONE call in the webinar deletion, inside its transaction and before the delete: every registrant of
 * a session still to come gets a cancellation (calendar file with METHOD:CANCEL, same UID), and so
 * does everyone on its waiting list, with their own wording and a CANCEL file only if a file had put the
 * session in their calendar (decision 090). The e-mails still waiting for this webinar (confirmation,
 * reminders, waiting-list notices, updates) are cancelled.
 */
export async function enqueueWebinarCancellations(trx: Knex.Transaction, webinarId: number): Promise<number> {
  const webinar = await trx('webinars').where({ id: webinarId }).forUpdate().first();
  if (!webinar) return 0;
  await trx('emails')
    .where({ webinarId, status: 'queued' })
    .whereIn('kind', ['webinar_confirmation', 'webinar_reminder', 'waitlist_joined', 'waitlist_promoted', 'webinar_update'])
    .update({ status: 'cancelled', lastError: 'Webinaire supprimé.', updatedAt: trx.fn.now() });
  if (new Date(webinar.datetime).getTime() <= Date.now()) return 0;
  const registrants = await trx('webinarRegistrations as r')
    .join('leads as l', 'l.id', 'r.leadId')
    .where({ 'r.webinarId': webinarId })
    .whereIn('r.status', TOLD_OF_DELETION)
    .orderBy('r.id')
    .select('r.id as registrationId', 'r.status', 'l.id as leadId', 'l.email', 'l.firstName');
  const facts = webinarFacts(webinar);
  const emails: NewEmail[] = [];
  for (const row of registrants as Array<{ registrationId: number; status: string; leadId: number; email: string; firstName: string }>) {
    const waitlisted = row.status === 'waitlisted';
    // A seat's confirmation always carried a file; someone waiting may have had one only from an update.
    const data: CancellationEmailData = { firstName: row.firstName, registrationId: row.registrationId, webinar: facts };
    if (waitlisted) Object.assign(data, { waitlisted, calendar: await holdsCalendarEntry(trx, row.registrationId) });
    emails.push({
      kind: 'webinar_cancelled',
      causeKey: `webinar_cancelled:registration:${row.registrationId}`,
      toAddress: row.email,
      leadId: row.leadId,
      webinarId,
      registrationId: row.registrationId,
      data,
    });
  }
  const ids = await createEmails(trx, emails);
  return ids.length;
}

/**
 * For a webinar whose date changed (issue 13's edit): the waiting reminders move to their new times;
 * those now past are cancelled. Sending checks the date again, so a missed call only delays a reminder.
 */
export async function rescheduleWebinarReminders(trx: Knex.Transaction, webinarId: number): Promise<void> {
  const webinar = await trx('webinars').where({ id: webinarId }).first();
  if (!webinar) return;
  const reminders = await trx('emails').where({ webinarId, kind: 'webinar_reminder', status: 'queued' }).select('id', 'data');
  const moved: Array<{ id: number; sendAfter: Date }> = [];
  for (const reminder of reminders as Array<{ id: number; data: { offsetMinutes: number } }>) {
    const [time] = reminderTimes(new Date(webinar.datetime), [reminder.data.offsetMinutes]);
    if (!time) {
      await trx('emails').where({ id: reminder.id }).update({ status: 'cancelled', lastError: 'Heure du rappel passée après le changement de date.', updatedAt: trx.fn.now() });
      continue;
    }
    await trx('emails').where({ id: reminder.id }).update({ sendAfter: time.at, updatedAt: trx.fn.now() });
    moved.push({ id: reminder.id, sendAfter: time.at });
  }
  await queueSendJobs(trx, moved);
}
