/**
 * Reminders, from start to end: when they are due (the offsets of REMINDER_OFFSETS before the session),
 * the rows a newly held seat causes, their move when the session's date changes, and the check just
 * before one goes out (the session may have moved or started since). Cancelled with the seat's other
 * e-mails (../seats/seat-emails.ts).
 */
import type { Knex } from 'knex';
import { queueSendJobs, type NewEmail } from '../../../platform/mail/outbox.ts';
import { DUE_MARGIN_MS, type SendDecision } from '../../../platform/mail/kinds.ts';
import type { RegistrationEmailData } from './email-data.ts';

/** When each reminder is due; those already past are skipped. */
export function reminderTimes(start: Date, offsets: number[], now = new Date()): Array<{ offset: number; at: Date }> {
  return offsets.map((offset) => ({ offset, at: new Date(start.getTime() - offset * 60_000) })).filter((reminder) => reminder.at > now);
}

/** The reminders of a seat taken at `seat` (its cause, ../seats/seat-emails.ts), one per offset still to come. */
export function reminderEmails(common: Omit<NewEmail, 'kind' | 'causeKey'> & { data: RegistrationEmailData }, seat: string, reminderOffsets: number[]): NewEmail[] {
  return reminderTimes(new Date(common.data.webinar.datetime), reminderOffsets).map((reminder) => ({
    ...common,
    kind: 'webinar_reminder',
    causeKey: `webinar_reminder:${seat}:${reminder.offset}`,
    data: { ...common.data, offsetMinutes: reminder.offset },
    sendAfter: reminder.at,
  }));
}

/**
 * For a webinar whose date changed: the waiting reminders move to their new times; those now past are
 * cancelled. Sending checks the date again, so a missed call only delays a reminder.
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

/** Just before a reminder goes: not once the session has started, and later if the session moved later. */
export function reminderDecision(webinar: { datetime: Date | string }, offsetMinutes: number, data: object): SendDecision {
  const start = new Date(webinar.datetime);
  if (start.getTime() <= Date.now()) return { cancel: 'La session a déjà commencé.' };
  const due = new Date(start.getTime() - offsetMinutes * 60_000);
  if (due.getTime() > Date.now() + DUE_MARGIN_MS) return { later: due };
  return { send: data };
}
