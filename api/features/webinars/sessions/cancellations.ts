/**
 * A webinar deleted: who is told, and the e-mails its deletion causes and cancels (decision 090).
 */
import type { Knex } from 'knex';
import { createEmails, type NewEmail } from '../../../platform/mail/outbox.ts';
import { webinarFacts, type CancellationEmailData } from '../mail/email-data.ts';
import { holdsCalendarEntry } from '../seats/seats.ts';
import { cancelQueuedSeatEmails } from '../seats/seat-emails.ts';

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
  await cancelQueuedSeatEmails(trx, { webinarId }, 'Webinaire supprimé.');
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
